import { componentHref, type CatalogueEntry } from '../content/catalogue';
import type { NameSummary } from '../content/types';
import { Icon } from './icons';

/** A catalogue card linking to the component's detail page; compact hides the summary. */
export function ComponentCard({ component, text, compact = false }: { component: CatalogueEntry; text: NameSummary; compact?: boolean }) {
  return (
    <li className="p-card">
      <a className={compact ? 'p-card__link p-card__link--compact' : 'p-card__link'} href={componentHref(component)}>
        <span className="p-card__icon">
          <Icon name={component.icon} />
        </span>
        <span className="p-card__body">
          <h3 className="p-card__title">{text.name}</h3>
          {!compact && <span className="p-card__text">{text.summary}</span>}
        </span>
      </a>
    </li>
  );
}
