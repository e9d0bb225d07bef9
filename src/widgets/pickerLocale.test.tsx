import { render } from '@testing-library/react';
import { ConfigProvider, DatePicker } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import jaJP from 'antd/es/locale/ja_JP';
import esES from 'antd/es/locale/es_ES';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import './dayjsLocales';

const weekdays = (locale: Locale) => {
  const { baseElement, unmount } = render(
    <ConfigProvider locale={locale}>
      <DatePicker open defaultPickerValue={dayjs('2024-03-01')} />
    </ConfigProvider>,
  );
  const heads = [...baseElement.querySelectorAll('.ant-picker-content thead th')].map((th) => th.textContent);
  const month = baseElement.querySelector('.ant-picker-month-btn')?.textContent;
  unmount();
  return { heads, month };
};

describe('the date picker in each language', () => {
  it('names weekdays and months in the language, not in English', () => {
    expect(weekdays(zhCN)).toEqual({ heads: ['一', '二', '三', '四', '五', '六', '日'], month: '3月' });
    expect(weekdays(jaJP).heads).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(weekdays(esES).heads).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
  });
});
