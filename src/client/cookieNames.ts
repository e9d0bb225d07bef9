export const TOKEN_COOKIE = 'Admin-Token';
/** Cookie of the data branch a user last chose; cleared at logout (spec §4). */
export const DATA_BRANCH_COOKIE = 'dataBranch';
