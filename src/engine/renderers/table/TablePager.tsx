import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../shared/schema/paging';

/** The pages under an engine table, where antd's table puts them, with the size changer and the total. */
export function TablePager({
  page,
  size,
  total,
  capped = false,
  small = true,
  onChange,
}: {
  page: number;
  size: number;
  total: number;
  /** The total is a lower bound (the count stopped at its cap). */
  capped?: boolean;
  /** Small under a small or middle table, as antd's. */
  small?: boolean;
  onChange: (page: number, size: number) => void;
}) {
  const { t } = useTranslation();
  // As antd's table: no pages under an empty list.
  if (!total) return null;
  return (
    <Pagination
      className="ant-table-pagination"
      align="end"
      size={small ? 'small' : 'default'}
      current={page}
      pageSize={size}
      total={total}
      showSizeChanger
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      showTotal={(n) => (capped ? t('engine.list.totalCapped', { total: n }) : t('engine.list.total', { total: n }))}
      onChange={onChange}
    />
  );
}
