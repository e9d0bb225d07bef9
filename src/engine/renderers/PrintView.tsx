import { useTranslation } from 'react-i18next';
import { Button, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { fieldSchema } from '../../shared/schema/model';
import { cellFor } from '../../widgets/cells';
import { formatDate } from '../../utils/time';
import { usePrintController } from '../controllers/usePrintController';
import './print.css';

/**
 * A record as one A4 page (`#/print/<page id>/<record id>`): the schema's `print` sections, or its
 * detail sections. Opened in its own window from a row action; the print dialog opens once the
 * record is shown, and the browser's "save as PDF" gives the receipt.
 */
export default function PrintView() {
  const { t } = useTranslation();
  const print = usePrintController();
  const { page, record: data } = print;
  if (print.loadError !== null) return <Result status="warning" title={t('ops.print.loadFailed')} subTitle={print.loadError} />;
  if (!page || !data)
    return (
      <div className="print-sheet">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  return (
    <div className="print-sheet">
      <div className="print-tools">
        <Button type="primary" icon={<PrinterOutlined />} onClick={print.print}>
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
      {print.sections.map((s) => (
        <section key={s.title} className="print-section">
          <h2>{t(s.title)}</h2>
          <table>
            <tbody>
              {s.fields.map((name) => {
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
