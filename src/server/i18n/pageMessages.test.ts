import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageSchema } from '../../shared/schema/types';
import { addMissingMessages } from './addMissing';
import { checkMessageFiles } from './messageChecks';
import { messagesFileOf, readMessagesFile, TODO_MARK } from './pageMessages';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-messages-'));
const locales = path.join(dir, 'locales');
const schemas = path.join(dir, 'schemas');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

for (const lang of ['zh', 'en', 'es', 'ja']) {
  fs.mkdirSync(path.join(locales, lang), { recursive: true });
  fs.copyFileSync(path.resolve('src/i18n/locales', lang, 'fields.json'), path.join(locales, lang, 'fields.json'));
}
fs.mkdirSync(path.join(schemas, 'sms'), { recursive: true });

const page = {
  id: 'sms/config',
  kind: 'crud',
  title: 'pages.sms.config.title',
  resource: { table: 'sms_config' },
  model: {
    type: 'object',
    properties: { code: { type: 'string', title: 'fields.code' }, signName: { type: 'string', title: 'pages.sms.config.fields.signName' } },
  },
  list: { columns: ['code', 'signName'] },
} as unknown as PageSchema;
const menu = [
  {
    code: 'sms',
    menuTitle: 'menu.sms.title',
    children: [{ code: 'sms/config', menuTitle: 'menu.sms.config', component: 'sms/config/index' }],
  },
];

describe('page message files', () => {
  it('get the keys a page shows that are missing, with a placeholder marked for translation', () => {
    const file = messagesFileOf(schemas, 'sms/config');
    fs.writeFileSync(file, JSON.stringify({ zh: { 'pages.sms.config.title': '短信配置' }, en: {}, es: {}, ja: {} }));
    const added = addMissingMessages(page, menu, locales, schemas);
    expect(added.keys.sort()).toEqual(['menu.sms.config', 'pages.sms.config.fields.signName', 'pages.sms.config.title']);
    const m = readMessagesFile(file);
    expect(m.$schema).toBe('../../shared/schema/messages.schema.json');
    expect(m.zh['pages.sms.config.title']).toBe('短信配置');
    expect(m.ja['pages.sms.config.title']).toBe(`${TODO_MARK}短信配置`);
    expect(m.en['pages.sms.config.fields.signName']).toBe(`${TODO_MARK}Sign name`);
    expect(m.zh['fields.code']).toBeUndefined();
    // Run again: nothing is missing any more.
    expect(addMissingMessages(page, menu, locales, schemas).keys).toEqual([]);
    const { problems, todos } = checkMessageFiles(schemas, new Set(['sms/config']));
    expect(problems).toEqual([]);
    expect(todos).toHaveLength(3 + 4 + 4);
  });

  it('are refused with their place when malformed or beside no page', () => {
    fs.writeFileSync(path.join(schemas, 'sms', 'log.messages.json'), '{\n  "zh": { "not a key": "x" },\n  "en": {}, "es": {}, "ja": {}\n}');
    fs.writeFileSync(path.join(schemas, 'sms', 'bad.messages.json'), '{\n  "zh": {,\n}');
    const { problems } = checkMessageFiles(schemas, new Set(['sms/config', 'sms/bad']));
    expect(problems.join('\n')).toMatch(/log\.messages\.json: there is no page "sms\/log"/);
    expect(problems.join('\n')).toMatch(/log\.messages\.json: \/zh\/not a key is not a dotted key .*\(line 2, column/);
    expect(problems.join('\n')).toMatch(/bad\.messages\.json: not valid JSON: .*\(line 2, column/);
  });
});
