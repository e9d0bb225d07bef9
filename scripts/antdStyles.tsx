// Prints the CSS antd would write at run time for the console's components in its default theme
// (src/console/theme.ts with the default settings), ending with the map antd's style engine reads
// to know which styles a stylesheet already holds (`.data-ant-cssinjs-cache-path{content:…}`). The
// build serves it as one stylesheet (scripts/antdStylesPlugin.ts, src/console/antdStyles/load.ts).
// A visitor with another theme colour or size has other style paths: antd writes those at run time.
import React from 'react';
import { renderToString } from 'react-dom/server';
import * as antd from 'antd';
import * as formily from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { componentSize, consoleTheme } from '../src/console/theme';
import { DEFAULT_SETTINGS } from '../src/console/settings/defaults';
import { ANTD_COMPONENTS, FORMILY_COMPONENTS } from '../src/console/antdStyles/components';
import { mergeResets } from '../src/console/antdStyles/mergeResets';

const isComponent = (x: unknown): x is React.ElementType =>
  typeof x === 'function' || (typeof x === 'object' && x !== null && '$$typeof' in x);

/**
 * The component and its members that are components (Input.TextArea, Form.Item…). Not antd's
 * popup panels: they render under a theme of their own, whose styles the console never uses.
 */
function withMembers(value: unknown): React.ElementType[] {
  const found = isComponent(value) ? [value] : [];
  for (const [member, sub] of Object.entries(value as object)) if (/^[A-Z]/.test(member) && isComponent(sub)) found.push(sub);
  return found;
}

// Components rendered without their props warn (and some throw); neither matters here.
console.error = () => undefined;
console.warn = () => undefined;

const cache = createCache();
const theme = consoleTheme(DEFAULT_SETTINGS);
const all: [React.ElementType, object][] = [
  ...ANTD_COMPONENTS.flatMap((name) => withMembers(antd[name])),
  ...FORMILY_COMPONENTS.flatMap((name) => withMembers(formily[name])),
].map((c) => [c, {}]);
// Styles antd registers only for a prop: the status tags' preset and status colours.
all.push([antd.Tag, { color: 'blue' }], [antd.Tag, { color: 'success' }]);
for (const [Component, props] of all) {
  try {
    renderToString(
      <StyleProvider cache={cache}>
        <antd.ConfigProvider theme={theme} componentSize={componentSize(DEFAULT_SETTINGS.size)}>
          <FormProvider form={createForm()}>
            <Component {...props} />
          </FormProvider>
        </antd.ConfigProvider>
      </StyleProvider>,
    );
  } catch {
    // antd and Formily register a component's styles before anything that needs its props.
  }
}
process.stdout.write(mergeResets(extractStyle(cache, { plain: true, types: 'style' })).css);
