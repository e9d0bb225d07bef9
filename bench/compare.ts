// The console ÷ the anchor for each compared step, from runs of the same bench run, interleaved.
import type { SameSteps } from './anchor';
import { line, type Line } from './report';
import { KiB, median, round } from './stats';

type Figure = Exclude<keyof SameSteps, 'landingLater' | 'signInScripts'>;

/** The steps compared, with the ratio each must stay within (issue 32), where one is set. */
const COMPARED: { figure: Figure; name: string; budget?: number; unit: 'ms' | 'KiB' }[] = [
  { figure: 'signInJsGzip', name: 'sign-in screen: JS gzip', unit: 'KiB' },
  { figure: 'signInLcp', name: 'sign-in screen: LCP, cold cache', unit: 'ms' },
  { figure: 'submitToLanding', name: 'submit -> landing page (password hash included)', budget: 0.6, unit: 'ms' },
  { figure: 'firstList', name: 'landing page -> first list, cold', budget: 0.3, unit: 'ms' },
  // The anchor has one list: its "another page" is Admin / Sub-Page, which shows no data.
  { figure: 'secondPage', name: 'first list -> another page, first visit', budget: 0.25, unit: 'ms' },
  { figure: 'revisit', name: 'back to the first list (revisit)', budget: 0.1, unit: 'ms' },
];

const show = (x: number | null, unit: 'ms' | 'KiB') => (x === null ? 'n/a' : unit === 'KiB' ? `${KiB(x)} KiB` : `${Math.round(x)} ms`);

export function compareLines(ours: SameSteps[], anchor: SameSteps[]): Line[] {
  return COMPARED.map(({ figure, name, budget, unit }) => {
    const a = ours.map((r) => r[figure]);
    const b = anchor.map((r) => r[figure]);
    const ma = median(a);
    const mb = median(b);
    const ratio = ma === null || mb === null || mb === 0 ? null : round(ma / mb, 2);
    const pairs = a.map((x, i) => (b[i] ? round(x / b[i], 2) : NaN)).join(', ');
    return line({
      section: 'browser',
      name: `vs anchor: ${name}`,
      value: ratio,
      unit: 'x',
      budget,
      reference: `anchor ${show(mb, unit)}`,
      note:
        unit === 'KiB'
          ? `console ${show(ma, unit)} (${ours[0]?.signInScripts} files), anchor ${show(mb, unit)} (${anchor[0]?.signInScripts} files)`
          : `console ${show(ma, unit)}, anchor ${show(mb, unit)} (medians of ${a.length}); run by run ${pairs}`,
    });
  });
}
