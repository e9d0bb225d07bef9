// The brand mark (three linked nodes in a hexagon, the "chain" of 数链) ships as a file so the
// header and footer share one cached image instead of carrying the markup in the home bundle.
const LOGO = `${import.meta.env.BASE_URL}portal/logo.svg`;

/** Decorative: the company name is always written next to it. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return <img src={LOGO} width={size} height={size} alt="" />;
}
