const PALETTE = ['#0958d9', '#08979c', '#d46b08', '#531dab', '#c41d7f', '#389e0d', '#1d39c4', '#ad4e00'];

/** A partner "logo": the name set in a coloured badge, drawn here so nothing is fetched. */
export function PartnerBadge({ name, index }: { name: string; index: number }) {
  const color = PALETTE[index % PALETTE.length];
  return (
    <svg className="p-partner" viewBox="0 0 200 72" role="img" aria-label={name}>
      <rect x="1" y="1" width="198" height="70" rx="12" fill="#fff" stroke="#e3e8f2" />
      <rect x="16" y="20" width="32" height="32" rx="9" fill={color} />
      <path d="M24 42l8-12 8 12" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <text
        x="60"
        y="42"
        fontSize="17"
        fontWeight="700"
        fill="#1f2937"
        fontFamily="system-ui, sans-serif"
        textLength={name.length > 9 ? 126 : undefined}
        lengthAdjust="spacingAndGlyphs"
      >
        {name}
      </text>
    </svg>
  );
}
