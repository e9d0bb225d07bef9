import { describe, expect, it } from 'vitest';
import { actionColumnWidth, textWidth } from './actionColumn';
import type { PageSchema } from '../../shared/schema/types';

const page = (rowActions: string[]) =>
  ({
    id: 'a/b',
    kind: 'crud',
    title: 't',
    model: { type: 'object', properties: {} },
    list: { columns: [], rowActions },
    actions: [{ name: 'requestConsent', title: 'k.requestConsent', handler: 'x' }],
  }) as unknown as PageSchema;

const zh: Record<string, string> = {
  'engine.list.detail': '详情',
  'engine.list.edit': '编辑',
  'engine.list.delete': '删除',
  'k.requestConsent': '发送授权短信',
};
const en: Record<string, string> = {
  'engine.list.detail': 'Detail',
  'engine.list.edit': 'Edit',
  'engine.list.delete': 'Delete',
  'k.requestConsent': 'Request driver consent by SMS',
};

describe('the actions column width', () => {
  it('fits the labels that show inline, in the reader’s language', () => {
    const p = page(['detail', 'requestConsent']);
    const w = actionColumnWidth(p, (k) => zh[k]);
    expect(w).toBeGreaterThanOrEqual(textWidth('详情') + textWidth('发送授权短信') + 2 * 16 + 32);
    expect(actionColumnWidth(p, (k) => en[k])).toBeGreaterThan(w);
  });

  it('leaves room for the "more" button past three actions, and stays between 110 and 360 px', () => {
    const three = actionColumnWidth(page(['detail', 'edit', 'delete']), (k) => zh[k]);
    const four = actionColumnWidth(page(['detail', 'edit', 'delete', 'requestConsent']), (k) => zh[k]);
    expect(four).toBeGreaterThan(three);
    expect(actionColumnWidth(page(['detail']), (k) => zh[k])).toBe(110);
    expect(actionColumnWidth(page(['requestConsent', 'requestConsent', 'requestConsent', 'detail']), (k) => en[k])).toBe(360);
  });
});
