/** Trucks, a route and nodes of the network: the login page's illustration, drawn inline. */
export function BrandIllustration() {
  return (
    <svg className="auth-brand__art" viewBox="0 0 420 220" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="road" x1="0" x2="1">
          <stop offset="0" stopColor="#fff" stopOpacity=".15" />
          <stop offset="1" stopColor="#fff" stopOpacity=".45" />
        </linearGradient>
      </defs>
      <path d="M10 180 C 120 120, 220 210, 410 120" stroke="url(#road)" strokeWidth="10" fill="none" strokeLinecap="round" />
      <path d="M10 180 C 120 120, 220 210, 410 120" stroke="#fff" strokeOpacity=".6" strokeWidth="2" strokeDasharray="8 10" fill="none" />
      {[
        [60, 150],
        [180, 160],
        [300, 150],
        [395, 124],
      ].map(([x, y]) => (
        <g key={x}>
          <circle cx={x} cy={y} r="9" fill="#fff" fillOpacity=".9" />
          <circle cx={x} cy={y} r="16" fill="#fff" fillOpacity=".15" />
        </g>
      ))}
      <g transform="translate(150 70)">
        <rect x="0" y="10" width="90" height="44" rx="4" fill="#fff" fillOpacity=".92" />
        <path d="M90 22 h26 l16 18 v14 h-42 z" fill="#fff" fillOpacity=".8" />
        <circle cx="20" cy="58" r="9" fill="#0b3d91" />
        <circle cx="108" cy="58" r="9" fill="#0b3d91" />
        <rect x="10" y="20" width="46" height="6" rx="3" fill="#1890ff" fillOpacity=".6" />
        <rect x="10" y="32" width="30" height="6" rx="3" fill="#1890ff" fillOpacity=".35" />
      </g>
      <g transform="translate(300 30)" fill="#fff" fillOpacity=".85">
        <rect x="0" y="0" width="80" height="54" rx="6" fillOpacity=".2" stroke="#fff" strokeOpacity=".6" />
        <rect x="10" y="30" width="10" height="16" />
        <rect x="26" y="20" width="10" height="26" />
        <rect x="42" y="12" width="10" height="34" />
        <rect x="58" y="24" width="10" height="22" />
      </g>
    </svg>
  );
}
