import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Form, Input, List, Modal, Popconfirm, Row, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { initI18n } from '../../i18n';
import type { ApiError } from '../../client/envelope';
import type { PageSchema } from '../../shared/schema/types';
import { SchemaEditor, type SchemaEditorHandle } from './SchemaEditor';
import { Versions } from './Versions';
import { playgroundApi, type Extras, type OpenedPage, type PlacedProblem } from './playgroundApi';
import { PageExtras, emptyMessages } from './PageExtras';
import { STARTER_KINDS, starter, type StarterKind } from './starters';
import './playground.css';
import { saveBlob } from '../../engine/data/saveBlob';

const Preview = lazy(() => import('./Preview').then((m) => ({ default: m.Preview })));
const PAGE_ID = /^[a-zA-Z][a-zA-Z0-9]*(\/[a-zA-Z][a-zA-Z0-9]*)+$/;
const PREVIEW_DELAY_MS = 600;
/** A new page's menu entry until the analyst chooses: at the top, seen by platform staff. */
const DEFAULT_MENU = { parent: null, icon: 'FileTextOutlined', grants: { STAFF: ['read'] } };

interface Shown {
  page: PageSchema;
  messages: Record<string, string>;
  saved: boolean;
}

/** The schema playground: edit a page's JSON with help, preview it with the engine, save and roll back. */
export default function PlaygroundPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void initI18n(['playground']).then(() => setReady(true));
  }, []);
  return ready ? <Playground /> : <Spin />;
}

function Playground() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { mutate } = useSWRConfig();
  const [search, setSearch] = useSearchParams();
  const id = search.get('page') ?? '';
  const pages = useSWR('playground-pages', playgroundApi.pages);
  const [opened, setOpened] = useState<OpenedPage | null>(null);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<PlacedProblem[]>([]);
  const [shown, setShown] = useState<Shown | null>(null);
  const [checking, setChecking] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
  const editor = useRef<SchemaEditorHandle>(null);
  // A page made here (no file) keeps its messages and menu entry with its versions; a page with a file has them in files.
  const [extras, setExtras] = useState<Extras | null>(null);

  const open = useCallback(async (pageId: string) => {
    const page = await playgroundApi.open(pageId);
    setOpened(page);
    setText(page.source);
    setExtras(page.file === null ? { messages: page.messages ?? emptyMessages(), menu: page.menu ?? DEFAULT_MENU } : null);
  }, []);

  useEffect(() => {
    if (!id || opened?.id === id) return;
    setShown(null);
    setProblems([]);
    // A new page (no file, nothing saved) is opened by the dialog, with its starter text.
    void open(id).catch(() => undefined);
  }, [id, opened?.id, open]);

  // The preview follows the text once typing pauses; a text with problems keeps the last valid preview.
  const messagesJson = extras ? JSON.stringify(extras.messages) : '';
  useEffect(() => {
    if (!id || !text) return;
    let stale = false;
    const timer = setTimeout(() => {
      setChecking(true);
      playgroundApi
        .preview(id, text, messagesJson ? JSON.parse(messagesJson) : undefined)
        .then(
          (p) => {
            if (stale) return;
            setProblems(p.problems);
            if (p.page) setShown({ page: p.page, messages: p.messages ?? {}, saved: !!p.saved });
          },
          (err: ApiError) => {
            if (!stale) setProblems([{ page: id, message: err.message, line: 1, column: 1 }]);
          },
        )
        .finally(() => {
          if (!stale) setChecking(false);
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [id, text, messagesJson]);

  const mine = useMemo(() => problems.filter((p) => p.page === id), [problems, id]);

  const applied = async (revision: number, done: string) => {
    await open(id);
    await pages.mutate();
    // Every open view of the page asks for its schema again, so the console shows what was applied.
    await mutate((key) => Array.isArray(key) && key[0] === 'page-schema' && key[1] === id, undefined, { revalidate: true });
    void message.success(t(done, { revision }));
  };

  const save = async () => {
    setBusy(true);
    try {
      const r = await playgroundApi.save(id, text, note.trim(), extras ?? undefined);
      setNote('');
      await applied(r.revision, 'playground.saved');
    } catch (err) {
      const data = (err as ApiError).data as { problems?: PlacedProblem[] } | null;
      if (data?.problems) setProblems(data.problems);
      void message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const rollback = async (revision: number) => {
    const r = await playgroundApi.rollback(id, revision);
    await applied(r.revision, 'playground.versions.rolledBack');
  };

  const remove = async () => {
    const r = await playgroundApi.remove(id);
    await applied(r.revision, 'playground.removed');
  };

  const download = () => {
    saveBlob(new Blob([text], { type: 'application/json' }), `${id.split('/').pop()}.json`);
  };

  const dirty = opened !== null && text !== opened.source;
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="playground">
      <Card size="small">
        <Space wrap>
          <Select
            showSearch
            style={{ width: 420 }}
            placeholder={t('playground.pickPage')}
            value={id || undefined}
            data-testid="playground-page"
            optionFilterProp="label"
            loading={pages.isLoading}
            onChange={(v: string) => {
              setOpened(null);
              setSearch({ page: v });
            }}
            options={(pages.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.title} · ${p.id}${p.revision ? ` · r${p.revision}` : ''}`,
            }))}
          />
          <Button onClick={() => setCreating(true)}>{t('playground.newPage')}</Button>
          <Input
            style={{ width: 260 }}
            placeholder={t('playground.saveNote')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={200}
            disabled={!id}
          />
          <Button type="primary" onClick={() => void save()} loading={busy} disabled={!id || mine.length > 0} data-testid="playground-save">
            {t('playground.save')}
          </Button>
          <Button onClick={download} disabled={!id}>
            {t('playground.download')}
          </Button>
          {opened?.file === null && opened.revision !== null && !opened.removed && (
            <Popconfirm title={t('playground.removeConfirm', { id })} onConfirm={() => remove()}>
              <Button danger data-testid="playground-remove">
                {t('playground.remove')}
              </Button>
            </Popconfirm>
          )}
          <Button
            onClick={() => void navigator.clipboard.writeText(text).then(() => message.success(t('playground.copied')))}
            disabled={!id}
          >
            {t('playground.copy')}
          </Button>
          {dirty && <Typography.Text type="warning">{t('playground.unsavedChanges')}</Typography.Text>}
          {checking && <Typography.Text type="secondary">{t('playground.checking')}</Typography.Text>}
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('playground.reviewHint')}
        </Typography.Paragraph>
      </Card>
      {!id && (
        <Card size="small">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playground.nothingOpen')} />
        </Card>
      )}
      {id && opened && (
        <Row gutter={12}>
          <Col xs={24} xl={11}>
            <Card size="small" title={id} styles={{ body: { padding: 0 } }}>
              <SchemaEditor
                ref={editor}
                value={text}
                onChange={setText}
                problems={mine}
                labels={{ type: t('playground.hover.type'), values: t('playground.hover.values') }}
                library={opened.library}
              />
            </Card>
            <Card size="small" title={t('playground.problems', { count: problems.length })} style={{ marginTop: 12 }}>
              {problems.length ? (
                <List
                  size="small"
                  dataSource={problems}
                  data-testid="playground-problems"
                  renderItem={(p) => (
                    <List.Item
                      onClick={() => p.page === id && editor.current?.goTo(p.line, p.column)}
                      style={{ cursor: p.page === id ? 'pointer' : undefined }}
                    >
                      <Typography.Text type="danger">
                        {p.page === id
                          ? t('playground.lineCol', { ...p })
                          : `${t('playground.otherPage', { ...p })} · ${t('playground.lineCol', { ...p })}`}
                      </Typography.Text>{' '}
                      {p.message}
                    </List.Item>
                  )}
                />
              ) : (
                <Typography.Text type="success">{t('playground.noProblems')}</Typography.Text>
              )}
            </Card>
          </Col>
          <Col xs={24} xl={13}>
            {problems.length > 0 && shown && (
              <Alert type="warning" showIcon message={t('playground.previewOutdated')} style={{ marginBottom: 12 }} />
            )}
            <Card size="small" data-testid="playground-preview">
              {shown ? (
                <Suspense fallback={<Spin />}>
                  <Preview page={shown.page} messages={shown.messages} saved={shown.saved} />
                </Suspense>
              ) : (
                <Spin />
              )}
            </Card>
            <Card size="small" title={t('playground.tabs.versions')} style={{ marginTop: 12 }}>
              <Versions versions={opened.versions} file={opened.file} current={text} onRollback={rollback} />
            </Card>
            {extras && (
              <div style={{ marginTop: 12 }}>
                <PageExtras
                  id={id}
                  page={shown?.page ?? null}
                  text={text}
                  messages={extras.messages}
                  menu={extras.menu}
                  onMessages={(messages) => setExtras({ ...extras, messages })}
                  onMenu={(menu) => setExtras({ ...extras, menu })}
                />
              </div>
            )}
          </Col>
        </Row>
      )}
      <NewPageDialog
        open={creating}
        taken={(pages.data ?? []).map((p) => p.id)}
        onClose={() => setCreating(false)}
        onCreate={(pageId, kind) => {
          setCreating(false);
          const source = starter(kind, pageId);
          setOpened({ id: pageId, source: '', revision: null, file: null, versions: [] });
          setExtras({ messages: emptyMessages(), menu: DEFAULT_MENU });
          setText(source);
          setShown(null);
          setSearch({ page: pageId });
        }}
      />
    </Space>
  );
}

function NewPageDialog({
  open,
  taken,
  onClose,
  onCreate,
}: {
  open: boolean;
  taken: string[];
  onClose(): void;
  onCreate(id: string, kind: StarterKind): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ id: string; kind: StarterKind }>();
  return (
    <Modal
      open={open}
      title={t('playground.newPage')}
      onCancel={onClose}
      destroyOnHidden
      onOk={() => void form.validateFields().then((v) => onCreate(v.id, v.kind))}
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'crud' }} preserve={false}>
        <Form.Item
          name="id"
          label={t('playground.newPageId')}
          rules={[
            { required: true, pattern: PAGE_ID, message: t('playground.invalidId') },
            {
              validator: (_, v: string) =>
                taken.includes(v) ? Promise.reject(new Error(t('playground.idTaken', { id: v }))) : Promise.resolve(),
            },
          ]}
        >
          <Input placeholder="myArea/myPage" />
        </Form.Item>
        <Form.Item name="kind" label={t('playground.starter')}>
          <Select options={STARTER_KINDS.map((k) => ({ value: k, label: t(`playground.starters.${k}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
