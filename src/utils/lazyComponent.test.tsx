import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyComponent, type PreloadableComponent } from './lazyComponent';
import { useLoadedComponent } from './useLoadedComponent';

function Page({ name }: { name: string }) {
  return <p>page {name}</p>;
}

describe('lazyComponent', () => {
  it('suspends while its module loads, like React.lazy', async () => {
    const Lazy = lazyComponent(() => Promise.resolve({ default: Page }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="a" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('page a')).toBeInTheDocument();
  });

  it('renders at once, without a fallback, once preloaded', async () => {
    let loads = 0;
    const Lazy = lazyComponent(() => {
      loads += 1;
      return Promise.resolve({ default: Page });
    });
    await Lazy.preload();
    await Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="b" />
      </Suspense>,
    );
    expect(screen.getByText('page b')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempt = 0;
    const Lazy = lazyComponent(() => (++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page })));
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    render(<Lazy name="c" />);
    expect(screen.getByText('page c')).toBeInTheDocument();
  });
});

/** Shows its own placeholder until the component's code is in, as the page router does. */
function Waiting({ lazy }: { lazy: PreloadableComponent<{ name: string }> }) {
  const Page = lazy;
  return useLoadedComponent(lazy) ? <Page name="d" /> : <p>placeholder</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

describe('useLoadedComponent', () => {
  it("fetches the code, shows the caller's placeholder meanwhile and the component without suspending once it is in", async () => {
    let arrive: (m: { default: typeof Page }) => void = () => undefined;
    const Lazy = lazyComponent(
      () =>
        new Promise<{ default: typeof Page }>((r) => {
          arrive = r;
        }),
    );
    render(
      <Suspense fallback={<p>suspended</p>}>
        <Waiting lazy={Lazy} />
      </Suspense>,
    );
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(Lazy.loaded()).toBe(false);
    arrive({ default: Page });
    expect(await screen.findByText('page d')).toBeInTheDocument();
    expect(screen.queryByText('suspended')).not.toBeInTheDocument();
    expect(Lazy.loaded()).toBe(true);
  });

  it('throws a failed fetch to the nearest error boundary', async () => {
    const Lazy = lazyComponent<{ name: string }>(() => Promise.reject(new Error('chunk missing')));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <Boundary>
          <Waiting lazy={Lazy} />
        </Boundary>,
      );
      expect(await screen.findByText('failed: chunk missing')).toBeInTheDocument();
    } finally {
      quiet.mockRestore();
    }
  });
});
