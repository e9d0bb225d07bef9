import { startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  ConfigProvider,
  Empty,
  Layout,
  List,
  Menu,
  Row,
  Select,
  Skeleton,
  Spin,
  Statistic,
  Table,
  Tooltip,
  Typography,
} from 'antd';
// The warm-up is antd's first render on the sign-in screen: the sheet must be in before it.
import './antdStyles/load';
import { consoleTheme } from './theme';
import { settingsStore } from './settings/store';

/**
 * antd writes each component's styles when it first renders (CSS-in-JS), which is most of the cost
 * of the console's first screen. While the visitor types on the sign-in screen, the components of
 * the layout and the dashboard are rendered once in a detached element with the console's theme,
 * so their styles are in the page when the console mounts. Nothing is shown, and the render is a
 * transition, which React interrupts for the visitor's keystrokes.
 */
export function warmConsoleStyles(): Promise<void> {
  const host = document.createElement('div');
  const root = createRoot(host);
  return new Promise((resolve) => {
    const done = () => {
      // Not during the commit that reports it: React does not unmount a root from its own effect.
      setTimeout(() => {
        root.unmount();
        resolve();
      }, 0);
    };
    startTransition(() => root.render(<Components onCommitted={done} />));
  });
}

function Committed({ onCommitted }: { onCommitted: () => void }) {
  useEffect(() => onCommitted(), [onCommitted]);
  return null;
}

function Components({ onCommitted }: { onCommitted: () => void }) {
  return (
    <ConfigProvider theme={consoleTheme(settingsStore.get())}>
      <Committed onCommitted={onCommitted} />
      <Layout>
        <Layout.Sider>
          <Menu mode="inline" items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }]} defaultOpenKeys={['a']} />
        </Layout.Sider>
        <Layout>
          <Layout.Header>
            <Breadcrumb items={[{ title: 'a' }, { title: 'b' }]} />
            <Button type="text">a</Button>
            <Select options={[]} />
            <Badge count={1}>
              <Avatar>a</Avatar>
            </Badge>
            <Tooltip title="a">
              <span />
            </Tooltip>
          </Layout.Header>
          <Layout.Content>
            <Row>
              <Col span={12}>
                <Card title="a">
                  <Statistic title="a" value={1} />
                </Card>
              </Col>
            </Row>
            <Skeleton active />
            <List dataSource={['a']} renderItem={(x) => <List.Item>{x}</List.Item>} />
            <Table
              size="small"
              rowKey="k"
              pagination={false}
              dataSource={[{ k: 1 }]}
              columns={[{ key: 'k', dataIndex: 'k', title: 'k' }]}
            />
            <Empty />
            <Spin />
            <Typography.Text>a</Typography.Text>
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}
