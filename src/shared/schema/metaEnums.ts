import { ALL_COMPONENT_NAMES, CELL_WIDGETS, MENU_ICONS } from '../widgetNames';
import { FORMAT_NAMES } from './ajv';

/**
 * The meta-schemas' enumerations and the registries they are copied from ($defs name -> names).
 * `npm run docs:schemas` writes them into the JSON files; a test fails when the two differ, so a
 * widget, format or icon added to a registry reaches editors' completion and the docs.
 */
export const PAGE_SCHEMA_ENUMS: Record<string, readonly string[]> = {
  ComponentName: ALL_COMPONENT_NAMES,
  CellName: CELL_WIDGETS,
  FieldFormat: FORMAT_NAMES,
};

export const MENU_SCHEMA_ENUMS: Record<string, readonly string[]> = {
  MenuIcon: MENU_ICONS,
};
