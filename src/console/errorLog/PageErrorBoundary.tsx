import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import i18next from 'i18next';
import { logError } from './errorLog';

/** A page that throws shows a recoverable error instead of a blank console, and is logged. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (import.meta.env.PROD) logError(error, 'page', info.componentStack ?? '');
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title={i18next.t('errors.pageCrashed')}
        subTitle={this.state.error.message}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {i18next.t('engine.retry')}
          </Button>
        }
      />
    );
  }
}
