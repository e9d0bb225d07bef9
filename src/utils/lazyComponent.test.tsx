import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyComponent } from './lazyComponent';

function Page({ name }: { name: string }) {
  return <p>page {name}</p>;
}

describe('lazyComponent', () => {
  it('suspends while its module loads, like React.lazy', async () => {
    const Lazy = lazyComponent(() => Promise.resolve({ default: Page }));
    render(<Suspense fallback={<p>loading</p>}><Lazy name="a" /></Suspense>);
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
    render(<Suspense fallback={<p>loading</p>}><Lazy name="b" /></Suspense>);
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
