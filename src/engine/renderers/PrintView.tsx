import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Button, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { pageApi } from '../data/pageApi';
import { fieldSchema, readableFields } from '../../shared/schema/model';
import type { ApiError } from '../data/envelope';
import { cellFor } from '../../widgets/cells';
import { formatDate } from '../../utils/time';
import { usePageSchema } from './usePageSchema';
import './print.css';

/**
 * A record as one A4 page (`#/print/<page id>/<record id>`): the schema's `print` sections, or its
 * detail sections. Opened in its own window from a row action; the print dialog opens once the
 * record is shown, and the browser's "save as PDF" gives the receipt.
 */
export default function PrintView() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const parts = pathname.replace(/^\/print\//, '').split('/');
  const id = parts.pop() ?? '';
  const pageId = parts.join('/');
  const { data: bundle, error: schemaError } = usePageSchema(pageId);
  const { data, error } = useSWR(bundle ? ['record', pageId, id] : null, () => pageApi.get(pageId, id));
  const ready = Boolean(bundle && data);
  useEffect(() => {
    if (!ready || new URLSearchParams(window.location.hash.split('?')[1]).get('auto') === '0') return;
    // Fonts and cells settle first, so the printout is not taken half drawn.
    const timer = setTimeout(() => window.print(), 300);
    return () => clearTimeout(timer);
  }, [ready]);
  const err = (schemaError ?? error) as ApiError | undefined;
  if (err) return <Result status="warning" title={t('ops.print.loadFailed')} subTitle={err.message} />;
  if (!bundle || !data)
    return (
      <div className="print-sheet">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  const { page } = bundle;
  const readable = new Set(readableFields(page));
  const sections = page.print?.sections ?? page.detail?.sections ?? [{ title: 'engine.detail.fields', fields: [...readable] }];
  return (
    <div className="print-sheet">
      <div className="print-tools">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('ops.print.button')}
        </Button>
      </div>
      <header className="print-head">
        <h1>{t(page.print?.title ?? page.title)}</h1>
        <div className="print-meta">
          <span>
            {t(page.title)} · #{String(data.id)}
          </span>
          <span>{t('ops.print.printedAt', { time: formatDate(new Date()) })}</span>
        </div>
      </header>
      {sections.map((s) => (
        <section key={s.title} className="print-section">
          <h2>{t(s.title)}</h2>
          <table>
            <tbody>
              {s.fields
                .filter((f) => readable.has(f))
                .map((name) => {
                  const f = fieldSchema(page, name)!;
                  const Cell = cellFor(f);
                  return (
                    <tr key={name}>
                      <th scope="row">{t(f.title)}</th>
                      <td>
                        <Cell value={data[name]} record={data} field={f} />
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
