/** The id of the layout's route (router.tsx): the kept pages are drawn only at addresses inside it. */
export const LAYOUT_ROUTE_ID = 'console-layout';
