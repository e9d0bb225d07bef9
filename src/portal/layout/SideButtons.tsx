import { useState } from 'react';
import { useSiteText } from '../i18n';
import { openConsult } from '../links';
import { useSite } from '../siteData';
import { Icon } from '../ui/icons';
import { scrollBehavior } from '../../utils/motion';
import './side.css';

function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}

/**
 * Floating service buttons. The hotline number appears on hover and on keyboard focus (CSS),
 * stays open after a click for touch screens, and Escape hides it without moving the pointer.
 */
export function SideButtons() {
  const t = useSiteText();
  const site = useSite();
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const tipClass = ['p-side__hotline', pinned && 'is-pinned', dismissed && 'is-dismissed'].filter(Boolean).join(' ');

  return (
    <aside className="p-side" aria-label={t.side.label}>
      <div
        className={tipClass}
        onMouseLeave={() => setDismissed(false)}
        onBlur={() => {
          setDismissed(false);
          setPinned(false);
        }}
        onKeyDown={(e) => e.key === 'Escape' && setDismissed(true)}
      >
        <button
          type="button"
          className="p-side__btn"
          aria-label={t.side.hotline}
          aria-describedby="p-hotline-tip"
          aria-expanded={pinned}
          onClick={() => setPinned((p) => !p)}
        >
          <Icon name="phone" />
        </button>
        <div id="p-hotline-tip" role="tooltip" className="p-side__tip">
          <span>{t.side.hotline}</span>
          <strong>{site.hotline}</strong>
        </div>
      </div>
      <button type="button" className="p-side__btn" aria-label={t.side.consult} onClick={() => openConsult(site.consultUrl)}>
        <Icon name="headset" />
      </button>
      <button type="button" className="p-side__btn" aria-label={t.side.top} onClick={scrollToTop}>
        <Icon name="arrowUp" />
      </button>
    </aside>
  );
}
