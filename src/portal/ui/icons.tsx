import type { EXTRA_PATHS } from './iconsExtra';

/**
 * Line icons drawn on a 24-unit grid, stroked with the current text colour so they inherit
 * contrast from their context. Kept as path data (not files) because the home page shows a
 * couple of dozen and one request per icon would cost more than the bytes. The icons of the
 * inner pages live in iconsExtra.ts, which those pages import.
 */
export const circlePath = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
const c = circlePath;

const HOME_PATHS = {
  waybill: ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 12h6', 'M9 16h6'],
  truck: ['M2 6h11v9H2z', 'M13 9h4l3 3.5V15h-7', c(6, 17.5, 1.8), c(16.5, 17.5, 1.8)],
  wallet: ['M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3z', 'M3 7l12-4v4', 'M16 13.5h2'],
  tax: ['M6 3h12v18H6z', 'M9 16l6-8', c(9.5, 9, 1), c(14.5, 15, 1)],
  pin: ['M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12z', c(12, 9, 2.5)],
  shield: ['M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z', 'M9 12l2 2 4-4'],
  sign: ['M4 20h16', 'M14.5 4.5l3 3L8 17H5v-3z'],
  scan: ['M4 8V4h4', 'M16 4h4v4', 'M20 16v4h-4', 'M8 20H4v-4', 'M8 9h8', 'M8 12h8', 'M8 15h5'],
  api: ['M8 7l-5 5 5 5', 'M16 7l5 5-5 5', 'M14 4l-4 16'],
  robot: [
    'M6 8h12a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z',
    'M12 4v4',
    c(12, 3.5, 1),
    c(9, 13, 1),
    c(15, 13, 1),
    'M9.5 16.5h5',
  ],
  headset: ['M4 14v-2a8 8 0 0 1 16 0v2', 'M4 14h3v5H4z', 'M17 14h3v5h-3z', 'M20 19a3 3 0 0 1-3 3h-3'],
  box: ['M12 3l8 4.5v9L12 21l-8-4.5v-9z', 'M4 7.5l8 4.5 8-4.5', 'M12 12v9'],
  layers: ['M12 3l9 5-9 5-9-5z', 'M3 13l9 5 9-5', 'M3 17.5l9 5 9-5'],
  warehouse: ['M3 21V9l9-5 9 5v12', 'M7 21v-8h10v8', 'M7 17h10'],
  train: [
    'M6 3h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z',
    'M4 10h16',
    'M8 21l2-4',
    'M16 21l-2-4',
    c(8.5, 13.5, 1),
    c(15.5, 13.5, 1),
  ],
  city: ['M3 21h18', 'M5 21V8h6v13', 'M11 21V4h8v17', 'M7 11h2', 'M7 15h2', 'M14 8h2', 'M14 12h2', 'M14 16h2'],
  park: ['M3 3h8v8H3z', 'M13 3h8v5h-8z', 'M13 10h8v11h-8z', 'M3 13h8v8H3z'],
  phone: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z'],
  globe: [c(12, 12, 9), 'M3 12h18', 'M12 3a14 14 0 0 1 0 18', 'M12 3a14 14 0 0 0 0 18'],
  arrowUp: ['M12 19V5', 'M5 12l7-7 7 7'],
  arrowRight: ['M5 12h14', 'M13 6l6 6-6 6'],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
} satisfies Record<string, string[]>;

export type IconName = keyof typeof HOME_PATHS | keyof typeof EXTRA_PATHS;

const registry: Partial<Record<IconName, string[]>> = { ...HOME_PATHS };

export function addIcons(paths: Partial<Record<IconName, string[]>>): void {
  Object.assign(registry, paths);
}

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
}

/** Decorative by default: the control or text next to it carries the accessible name. */
export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {registry[name]?.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
