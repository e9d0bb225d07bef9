/**
 * A look at every widget and cell with canned API answers (no server needed):
 *   npx vite --port 5199   then open http://127.0.0.1:5199/src/widgets/demo/demo.html[?lang=en]
 * Not part of the build (vite builds index.html only).
 */
import '@ant-design/v5-patch-for-react-19';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Card, ConfigProvider, Descriptions, Space, Table } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AxiosAdapter } from 'axios';
import { http } from '../../client/request';
import type { FieldSchema } from '../../shared/schema/types';
import zh from '../../i18n/locales/zh/widgets.json';
import en from '../../i18n/locales/en/widgets.json';
import { cellComponents, cellFor, widgetComponents } from '../index';
import { REGIONS } from '../../shared/regions';

const customers = [
  { value: 1, label: '华东智运物流有限公司' },
  { value: 2, label: '西南通达供应链有限公司' },
  { value: 3, label: '华北快运有限公司' },
];
const menu = [
  { code: 'dashboard', menuTitle: 'menu.dashboard', component: 'dashboard/index', children: [] },
  {
    code: 'platformUser',
    menuTitle: 'menu.platformUser.title',
    component: null,
    children: [
      {
        code: 'platformUser/department',
        menuTitle: 'menu.platformUser.department',
        component: 'platformUser/department/index',
        children: [],
      },
      {
        code: 'platformUser/roleManage',
        menuTitle: 'menu.platformUser.roleManage',
        component: 'platformUser/roleManage/index',
        children: [],
      },
      { code: 'platformUser/team', menuTitle: 'menu.platformUser.team', component: 'platformUser/team/index', hidden: true, children: [] },
    ],
  },
];

const fake: AxiosAdapter = async (config) => {
  const url = config.url ?? '';
  let data: unknown = null;
  if (url.endsWith('/options')) {
    const ids = (config.params?.ids as string | undefined)?.split(',');
    const q = (config.params?.q as string | undefined) ?? '';
    data = ids ? customers.filter((c) => ids.includes(String(c.value))) : customers.filter((c) => c.label.includes(q));
  } else if (url.endsWith('/menuTree')) data = menu;
  else if (url.endsWith('/files'))
    data = {
      url: 'https://gw.alipayobjects.com/zos/rmsportal/KDpgvguMpGfqaHPjicRK.svg',
      name: 'logo.svg',
      size: 1024,
      contentType: 'image/svg+xml',
    };
  await new Promise((r) => setTimeout(r, 300));
  return { data: { status: 0, msg: 'success', data }, status: 200, statusText: 'OK', headers: {}, config };
};
http.defaults.adapter = fake;

const lang = new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'zh';
await i18next.use(initReactI18next).init({
  lng: lang,
  resources: {
    zh: {
      translation: {
        ...zh,
        common: { yes: '是', no: '否' },
        datePresets: { lastWeek: '最近一周', lastMonth: '最近一个月', lastThreeMonths: '最近三个月' },
        time: { hoursAgo: '{{count}} 小时前', minutesAgo: '{{count}} 分钟前', justNow: '刚刚', oneDayAgo: '1 天前' },
        menu: { dashboard: '首页', platformUser: { title: '平台用户', department: '部门管理', roleManage: '角色管理' } },
        enums: { audit: { pending: '待审核', approved: '已通过', rejected: '已驳回' } },
      },
    },
    en: {
      translation: {
        ...en,
        common: { yes: 'Yes', no: 'No' },
        datePresets: { lastWeek: 'Last week', lastMonth: 'Last month', lastThreeMonths: 'Last 3 months' },
        time: { hoursAgo: '{{count}} h ago', minutesAgo: '{{count}} min ago', justNow: 'just now', oneDayAgo: '1 day ago' },
        menu: { dashboard: 'Dashboard', platformUser: { title: 'Platform users', department: 'Departments', roleManage: 'Roles' } },
        enums: { audit: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } },
      },
    },
  },
  interpolation: { escapeValue: false },
});

const extra: Record<string, Record<string, unknown>> = {
  RefSelect: { refPage: 'customerManage/customer' },
  Password: { strength: true, mode: 'update' },
  Upload: { accept: 'image/*' },
  DateRange: { showTime: true },
};

function Demo() {
  const [values, setValues] = useState<Record<string, unknown>>({
    Money: 12999,
    RefSelect: 2,
    RegionCascader: ['440000', '440100', '440106'],
    DateRange: null,
    Password: undefined,
    Upload: null,
    MenuTreePicker: { platformUser: ['read'], 'platformUser/department': ['read', 'create'] },
    JsonEditor: { provider: 'aliyun' },
    ColorPicker: '#1677ff',
  });
  const set = (k: string) => (v: unknown) => setValues((s) => ({ ...s, [k]: v }));
  const fields: Record<string, FieldSchema> = {
    customer: { type: 'integer', title: 'customer', 'x-ref': 'customerManage/customer' },
    status: {
      type: 'string',
      title: 'status',
      enum: ['pending', 'approved', 'rejected'],
      'x-enum-labels': 'enums.audit',
      'x-enum-colors': { pending: 'orange', approved: 'green', rejected: 'red' },
    },
    freight: { type: 'integer', title: 'freight', 'x-component': 'Money' },
    createdAt: { type: 'string', title: 'createdAt', format: 'date-time' },
    region: { type: 'array', title: 'region', 'x-cell': 'Region' },
    idcard: { type: 'string', title: 'idcard', 'x-cell': 'Masked' },
    vat: { type: 'number', title: 'vat', 'x-cell': 'Percent' },
    link: { type: 'string', title: 'link', 'x-cell': 'Link' },
    enabled: { type: 'boolean', title: 'enabled' },
    secret: { type: 'string', title: 'secret', writeOnly: true },
  };
  const rows = [1, 2, 3].map((i) => ({
    key: i,
    customer: i,
    status: ['pending', 'approved', 'rejected'][i - 1],
    freight: 128000 * i + 29,
    createdAt: new Date(Date.now() - i * 3_600_000).toISOString(),
    region: ['440000', '440100', '440106'],
    idcard: '110101199003071234',
    vat: 0.09,
    link: 'https://www.example.com',
    enabled: i !== 2,
    secret: 'x',
  }));
  return (
    <ConfigProvider>
      <Space direction="vertical" style={{ padding: 16, width: 980 }}>
        <Card title="Form widgets" size="small">
          <Descriptions column={1} bordered size="small">
            {Object.entries(widgetComponents).map(([name, C]) => (
              <Descriptions.Item key={name} label={name}>
                <C value={values[name]} onChange={set(name)} {...extra[name]} />
                <code style={{ display: 'block', color: '#888', fontSize: 11 }}>{JSON.stringify(values[name]) ?? 'undefined'}</code>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
        <Card title={`Cells (${REGIONS.length} provinces)`} size="small">
          <Table
            size="small"
            pagination={false}
            dataSource={rows}
            scroll={{ x: true }}
            columns={Object.entries(fields).map(([k, f]) => {
              const Cell = cellFor(f);
              return {
                title: k,
                dataIndex: k,
                key: k,
                render: (v: unknown, r: Record<string, unknown>) => <Cell value={v} record={r} field={f} />,
              };
            })}
          />
          <div style={{ marginTop: 8 }}>
            {(() => {
              const J = cellComponents.Json;
              return (
                <J
                  value={{ provider: 'aliyun', endpoint: 'https://dysmsapi.aliyuncs.com', templates: { login: 'SMS_0001' } }}
                  field={{ type: 'object', title: '' }}
                />
              );
            })()}
          </div>
        </Card>
      </Space>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<Demo />);
