import { useTranslation } from 'react-i18next';
import { EMPTY, isEmpty, type CellProps } from '../types';
import { ellipsis } from './Text';
import { useFreshLink } from '../fileLink';

const EXTERNAL = /^https?:\/\//i;
const INTERNAL = /^(\/(?!\/)|#\/)/;

/**
 * A link: http(s) addresses open in a new tab (rel=noopener noreferrer), paths inside the console
 * stay in it; anything else (javascript:, data:…) is shown as plain text, never as a link.
 */
export default function Link({ value }: CellProps) {
  const { t } = useTranslation();
  // A stored file's expired signed link is opened through a fresh one; the text stays the record's.
  const fresh = useFreshLink(isEmpty(value) ? null : String(value).trim());
  if (isEmpty(value)) return <>{EMPTY}</>;
  const href = String(value).trim();
  if (EXTERNAL.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" title={`${href} (${t('widgets.cells.newTab')})`} {...ellipsis}>
        {href}
      </a>
    );
  }
  if (INTERNAL.test(href))
    return (
      <a href={fresh ?? href} title={href} {...ellipsis}>
        {href}
      </a>
    );
  return (
    <span {...ellipsis} title={href}>
      {href}
    </span>
  );
}
