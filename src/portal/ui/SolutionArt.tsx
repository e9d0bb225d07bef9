import { Icon, type IconName } from './icons';

/** Layered platform plates with the solution's glyph floating above: one look for all solutions. */
export function SolutionArt({ icon }: { icon: IconName }) {
  const plate = (y: number, fill: string, opacity: number) => (
    <polygon points={`40,${y} 170,${y - 62} 300,${y} 170,${y + 62}`} fill={fill} opacity={opacity} />
  );
  return (
    <div className="p-solution-art" aria-hidden="true">
      <svg viewBox="0 0 340 280" focusable="false">
        {plate(214, '#001d4a', 0.35)}
        {plate(196, '#1366d6', 0.55)}
        {plate(176, '#40a9ff', 0.5)}
        {plate(156, '#bae0ff', 0.9)}
        <g stroke="#fff" strokeWidth="2" strokeDasharray="4 6" opacity=".7" fill="none">
          <path d="M86 152l84-40 84 40" />
          <path d="M170 112v-40" />
        </g>
        <circle cx="86" cy="152" r="9" fill="#ffa940" />
        <circle cx="254" cy="152" r="9" fill="#52c41a" />
        <circle cx="170" cy="194" r="9" fill="#fff" />
        <circle cx="36" cy="60" r="4" fill="#fff" opacity=".5" />
        <circle cx="300" cy="44" r="6" fill="#fff" opacity=".35" />
        <circle cx="318" cy="120" r="3" fill="#fff" opacity=".5" />
      </svg>
      <span className="p-solution-art__icon">
        <Icon name={icon} size={54} />
      </span>
    </div>
  );
}
