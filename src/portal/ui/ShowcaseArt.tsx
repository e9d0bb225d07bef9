import type { ReactNode } from 'react';
import type { ShowcaseArtKind } from '../content/showcase';

/**
 * A stylised back-office screen for a showcase page: the console's dark sidebar and a content
 * area drawn according to what the module does (a table, charts, a map, a flow, packed boxes,
 * devices). Shapes only, no words, so one drawing serves every language.
 */
// Keyed by position, since some bars are drawn from lists.
const bar = (x: number, y: number, w: number, h = 8, fill = '#dbe4f0') => (
  <rect key={`${x},${y}`} x={x} y={y} width={w} height={h} rx={h / 2} fill={fill} />
);

function Table() {
  const pills = ['#52c41a', '#faad14', '#1890ff', '#52c41a', '#ff7a45', '#1890ff'];
  return (
    <g>
      <rect x="112" y="56" width="170" height="28" rx="6" fill="#fff" stroke="#dbe4f0" />
      <rect x="424" y="56" width="80" height="28" rx="6" fill="#0958d9" />
      {bar(440, 66, 48, 8, '#fff')}
      <rect x="112" y="98" width="392" height="28" rx="4" fill="#eef4ff" />
      {[124, 200, 290, 410].map((x) => bar(x, 108, 44, 8, '#9fb3d1'))}
      {pills.map((fill, i) => {
        const y = 134 + i * 30;
        return (
          <g key={y}>
            <rect x="112" y={y} width="392" height="28" fill={i % 2 ? '#fafcff' : '#fff'} />
            {bar(124, y + 10, 56)}
            {bar(200, y + 10, 70)}
            {bar(290, y + 10, 90)}
            <rect x="410" y={y + 6} width="52" height="16" rx="8" fill={fill} opacity=".18" />
            <circle cx="420" cy={y + 14} r="3.5" fill={fill} />
          </g>
        );
      })}
    </g>
  );
}

function Chart() {
  return (
    <g>
      {[112, 246, 380].map((x, i) => (
        <g key={x}>
          <rect x={x} y="56" width="124" height="62" rx="8" fill="#fff" stroke="#e3e8f2" />
          {bar(x + 12, 68, 50)}
          <rect x={x + 12} y="86" width={[72, 60, 84][i]} height="16" rx="4" fill={['#0958d9', '#52c41a', '#fa8c16'][i]} />
        </g>
      ))}
      <rect x="112" y="130" width="260" height="190" rx="8" fill="#fff" stroke="#e3e8f2" />
      <path d="M126 290l36-40 34 16 36-52 34 22 36-58 40 20v92H126z" fill="#1890ff" opacity=".15" />
      <path d="M126 290l36-40 34 16 36-52 34 22 36-58 40 20" fill="none" stroke="#1890ff" strokeWidth="3" strokeLinejoin="round" />
      {[140, 176, 212, 248, 284, 320].map((x, i) => (
        <rect
          key={x}
          x={x}
          y={300 - [20, 34, 26, 44, 30, 52][i]}
          width="14"
          height={[20, 34, 26, 44, 30, 52][i]}
          rx="3"
          fill="#52c41a"
          opacity=".55"
        />
      ))}
      <rect x="384" y="130" width="120" height="190" rx="8" fill="#fff" stroke="#e3e8f2" />
      <circle cx="444" cy="200" r="38" fill="none" stroke="#e6f4ff" strokeWidth="16" />
      <circle
        cx="444"
        cy="200"
        r="38"
        fill="none"
        stroke="#1890ff"
        strokeWidth="16"
        strokeDasharray="130 240"
        transform="rotate(-90 444 200)"
      />
      <circle
        cx="444"
        cy="200"
        r="38"
        fill="none"
        stroke="#fa8c16"
        strokeWidth="16"
        strokeDasharray="50 240"
        strokeDashoffset="-130"
        transform="rotate(-90 444 200)"
      />
      {bar(404, 264, 80)}
      {bar(404, 284, 60)}
    </g>
  );
}

function MapView() {
  return (
    <g>
      <rect x="112" y="56" width="392" height="264" rx="8" fill="#e6f4ff" />
      <g stroke="#fff" strokeWidth="10" strokeLinecap="round" fill="none">
        <path d="M112 150c80 10 140-30 220-10s120 40 172 30" />
        <path d="M200 56c10 80-20 160 10 264" />
        <path d="M400 56c-20 90 30 170 0 264" />
      </g>
      <path
        d="M150 280c40-30 50-90 110-110s90-60 170-86"
        fill="none"
        stroke="#0958d9"
        strokeWidth="4"
        strokeDasharray="2 8"
        strokeLinecap="round"
      />
      <circle cx="150" cy="280" r="9" fill="#0958d9" />
      <circle cx="150" cy="280" r="4" fill="#fff" />
      <path d="M430 70c-9 0-16 7-16 16 0 11 16 25 16 25s16-14 16-25c0-9-7-16-16-16z" fill="#ff7a45" />
      <circle cx="430" cy="86" r="5" fill="#fff" />
      <rect x="260" y="158" width="24" height="14" rx="3" fill="#1f2937" />
      <rect x="300" y="230" width="180" height="72" rx="10" fill="#fff" />
      {bar(316, 246, 90, 8, '#9fb3d1')}
      {bar(316, 264, 140)}
      <rect x="316" y="282" width="100" height="8" rx="4" fill="#52c41a" />
    </g>
  );
}

function Flow() {
  const node = (x: number, y: number, w: number, h: number, fill: string, children?: ReactNode) => (
    <g>
      <rect x={x} y={y} width={w} height={h} rx="10" fill={fill} />
      {children}
    </g>
  );
  return (
    <g>
      <g stroke="#91caff" strokeWidth="2.5" fill="none" markerEnd="url(#p-art-arrow)">
        {[96, 176, 256].map((y) => (
          <path key={`l${y}`} d={`M212 ${y}C240 ${y} 240 188 262 188`} />
        ))}
        {[96, 176, 256].map((y) => (
          <path key={`r${y}`} d={`M362 188C384 188 384 ${y} 404 ${y}`} />
        ))}
      </g>
      {[76, 156, 236].map((y) => (
        <g key={`c${y}`}>
          {node(112, y, 100, 40, '#fff')}
          <rect x="112" y={y} width="100" height="40" rx="10" fill="none" stroke="#dbe4f0" />
          <circle cx="132" cy={y + 20} r="8" fill="#bae0ff" />
          {bar(148, y + 16, 48)}
        </g>
      ))}
      {node(262, 128, 100, 120, '#0958d9')}
      <path
        d="M292 172l-10 16 10 16M332 172l10 16-10 16M318 166l-12 44"
        stroke="#fff"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {[76, 156, 236].map((y, i) => (
        <g key={`s${y}`}>
          <rect
            x="410"
            y={y}
            width="94"
            height="40"
            rx="10"
            fill={['#f6ffed', '#fff7e6', '#f9f0ff'][i]}
            stroke={['#b7eb8f', '#ffd591', '#d3adf7'][i]}
          />
          {bar(426, y + 16, 60, 8, ['#52c41a', '#fa8c16', '#722ed1'][i])}
        </g>
      ))}
    </g>
  );
}

function Boxes() {
  const colors = ['#1890ff', '#40a9ff', '#52c41a', '#faad14', '#ff7a45', '#69b1ff', '#95de64', '#ffc069'];
  const cells = [
    [130, 250, 70, 50],
    [200, 250, 90, 50],
    [290, 250, 60, 50],
    [350, 250, 80, 50],
    [130, 190, 90, 60],
    [220, 200, 70, 50],
    [290, 190, 80, 60],
    [130, 140, 60, 50],
  ];
  return (
    <g>
      <rect x="120" y="70" width="320" height="236" rx="6" fill="#f5f8ff" stroke="#1f2937" strokeWidth="3" />
      <path d="M440 70l40-20v236l-40 20" fill="#e6f4ff" stroke="#1f2937" strokeWidth="3" strokeLinejoin="round" />
      {cells.map(([x, y, w, h], i) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={w - 4} height={h - 4} rx="4" fill={colors[i]} opacity=".85" />
      ))}
      <rect x="220" y="140" width="150" height="46" rx="4" fill="none" stroke="#0958d9" strokeWidth="2" strokeDasharray="6 5" />
      {bar(450, 300, 40, 8, '#52c41a')}
    </g>
  );
}

function Devices() {
  return (
    <g>
      <rect x="120" y="150" width="110" height="80" rx="12" fill="#1f2937" />
      <rect x="136" y="118" width="78" height="40" rx="4" fill="#fff" stroke="#dbe4f0" />
      <rect x="140" y="200" width="70" height="60" rx="4" fill="#fff" />
      {bar(150, 214, 50, 6, '#9fb3d1')}
      {bar(150, 228, 36, 6)}
      <rect x="270" y="96" width="74" height="150" rx="14" fill="#0958d9" />
      <rect x="280" y="112" width="54" height="80" rx="6" fill="#e6f4ff" />
      <path d="M290 150h34M290 162h22" stroke="#0958d9" strokeWidth="4" strokeLinecap="round" />
      <path d="M282 96l-6-26h62l-6 26" fill="#ff7a45" />
      <circle cx="308" cy="220" r="10" fill="#40a9ff" />
      <circle cx="380" cy="250" r="22" fill="none" stroke="#1f2937" strokeWidth="8" />
      <rect x="366" y="210" width="30" height="22" rx="5" fill="#fa8c16" />
      <path d="M452 90c-17 0-30 13-30 30 0 22 30 48 30 48s30-26 30-48c0-17-13-30-30-30z" fill="#52c41a" />
      <circle cx="452" cy="120" r="10" fill="#fff" />
      <rect x="420" y="250" width="50" height="28" rx="4" fill="#1890ff" />
      <path d="M470 258h14l10 10v10h-24z" fill="#40a9ff" />
      <circle cx="432" cy="282" r="6" fill="#1f2937" />
      <circle cx="484" cy="282" r="6" fill="#1f2937" />
      <path d="M452 176v60" stroke="#52c41a" strokeWidth="2" strokeDasharray="4 5" />
    </g>
  );
}

const KINDS: Record<ShowcaseArtKind, () => ReactNode> = {
  table: Table,
  chart: Chart,
  map: MapView,
  flow: Flow,
  boxes: Boxes,
  devices: Devices,
};

export function ShowcaseArt({ kind }: { kind: ShowcaseArtKind }) {
  const Content = KINDS[kind];
  return (
    <svg className="p-show-art" viewBox="0 0 520 340" aria-hidden="true" focusable="false">
      <defs>
        <marker id="p-art-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0 0l10 5-10 5z" fill="#91caff" />
        </marker>
      </defs>
      <rect x="0" y="0" width="520" height="340" rx="16" fill="#fff" />
      <path d="M0 16A16 16 0 0 1 16 0h488a16 16 0 0 1 16 16v24H0z" fill="#eef4ff" />
      <circle cx="20" cy="20" r="5" fill="#ff7a45" />
      <circle cx="36" cy="20" r="5" fill="#faad14" />
      <circle cx="52" cy="20" r="5" fill="#52c41a" />
      <path d="M0 40h96v284a16 16 0 0 1-16 16H16A16 16 0 0 1 0 324z" fill="#0f1f3d" />
      <rect x="14" y="54" width="68" height="10" rx="5" fill="#40a9ff" />
      {[80, 104, 128, 152, 176, 200].map((y, i) => (
        <rect key={y} x="14" y={y} width={[60, 48, 56, 44, 52, 40][i]} height="8" rx="4" fill="#fff" opacity={i === 1 ? 0.9 : 0.3} />
      ))}
      <Content />
    </svg>
  );
}
