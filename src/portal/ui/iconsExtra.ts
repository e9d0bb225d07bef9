import { addIcons, circlePath as c } from './icons';

/**
 * The icons only inner pages use. Importing this module registers them; the home page never
 * loads it, which keeps its bundle small.
 */
export const EXTRA_PATHS = {
  dispatch: [c(6, 18, 2), c(18, 6, 2), 'M8 18h5a3 3 0 0 0 0-6h-2a3 3 0 0 1 0-6h5'],
  checkDoc: ['M6 3h12v18l-3-2-3 2-3-2-3 2z', 'M9 11l2 2 4-4'],
  bank: ['M3 9l9-5 9 5', 'M4 9h16', 'M6 9v8', 'M10 9v8', 'M14 9v8', 'M18 9v8', 'M3 20h18'],
  reconcile: ['M4 8h13l-3-3', 'M20 16H7l3 3'],
  fuel: ['M5 20V5a1 1 0 0 1 1-1h7a1 1 0 0 1 1 1v15', 'M3 20h13', 'M7 8h5', 'M14 10h2a2 2 0 0 1 2 2v4a1.5 1.5 0 0 0 3 0V8l-3-3'],
  invoice: ['M6 3h12v18l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5z', 'M9 8h6', 'M9 12h6', 'M9 16h3'],
  user: [c(12, 8, 4), 'M4 21a8 8 0 0 1 16 0'],
  monitor: ['M3 4h18v12H3z', 'M8 20h8', 'M12 16v4', 'M7 12l3-3 3 2 4-4'],
  map: ['M3 7l6-3 6 3 6-3v13l-6 3-6-3-6 3z', 'M9 4v13', 'M15 7v13'],
  printer: ['M7 9V3h10v6', 'M17 17h4v-6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6h4', 'M7 14h10v7H7z'],
  thermo: ['M10 14V5a2 2 0 0 1 4 0v9a4 4 0 1 1-4 0z', 'M12 9v7'],
  idcard: ['M3 5h18v14H3z', c(8.5, 11, 2), 'M5.5 16a3 3 0 0 1 6 0', 'M14 10h4', 'M14 14h4'],
  message: ['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5'],
  cloud: ['M7 18a4 4 0 0 1-.5-8A6 6 0 0 1 18 9a4.5 4.5 0 0 1 0 9z'],
  sliders: ['M4 6h10', 'M18 6h2', c(16, 6, 2), 'M4 12h3', 'M11 12h9', c(9, 12, 2), 'M4 18h11', 'M19 18h1', c(17, 18, 2)],
  chart: ['M4 20V4', 'M4 20h16', 'M8 16v-4', 'M12 16V8', 'M16 16v-6'],
  snow: ['M12 3v18', 'M4.2 7.5l15.6 9', 'M4.2 16.5l15.6-9', 'M9.5 4.5L12 7l2.5-2.5', 'M9.5 19.5L12 17l2.5 2.5'],
  spark: ['M11 4l2 5.5 5.5 2-5.5 2-2 5.5-2-5.5-5.5-2 5.5-2z', 'M19 3v4', 'M17 5h4'],
  link: ['M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1', 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'],
  mail: ['M3 5h18v14H3z', 'M3 6l9 7 9-7'],
  clock: [c(12, 12, 9), 'M12 7v5l3 2'],
  external: ['M14 4h6v6', 'M20 4l-9 9', 'M18 14v6H4V6h6'],
  check: ['M5 12l5 5 9-10'],
} satisfies Record<string, string[]>;

addIcons(EXTRA_PATHS);
