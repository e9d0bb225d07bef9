import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useListUrlState } from './listUrlState';

function setup(onNext: (p: Record<string, string>) => Promise<unknown> | void) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/list']}>{children}</MemoryRouter>;
  return renderHook(() => ({ list: useListUrlState(20, ['name'], onNext), location: useLocation() }), { wrapper });
}

describe('list state in the address', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces the API parameters of a change, then shows it with its rows', async () => {
    let arrive: () => void = () => undefined;
    const asked: Record<string, string>[] = [];
    const { result } = setup((p) => {
      asked.push(p);
      return new Promise<void>((r) => {
        arrive = r;
      });
    });
    act(() => result.current.list.update({ sort: '-name', filters: { name: 'a', other: '' } }));
    expect(asked).toEqual([{ page: '1', size: '20', sort: '-name', name: 'a' }]);
    // Until the rows are in, the list keeps showing what it showed.
    expect(result.current.list.state.sort).toBeNull();
    await act(async () => arrive());
    expect(result.current.list.state.sort).toBe('-name');
    expect(result.current.location.search).toBe('?sort=-name&name=a');
  });

  it('shows a change without its rows when they are slow', async () => {
    const { result } = setup(() => new Promise(() => undefined));
    act(() => result.current.list.update({ page: 3 }));
    expect(result.current.list.state.page).toBe(1);
    await act(async () => vi.advanceTimersByTime(150));
    expect(result.current.list.state.page).toBe(3);
    expect(result.current.location.search).toBe('?page=3');
  });

  it('lets a later change win over an earlier, slower one', async () => {
    const answers: (() => void)[] = [];
    const { result } = setup(() => new Promise<void>((r) => answers.push(r)));
    act(() => result.current.list.update({ sort: 'name' }));
    act(() => result.current.list.update({ sort: '-name' }));
    await act(async () => answers[1]());
    await act(async () => answers[0]());
    expect(result.current.list.state.sort).toBe('-name');
    expect(result.current.location.search).toBe('?sort=-name');
  });
});
