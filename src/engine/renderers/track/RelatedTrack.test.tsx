import { render, screen } from '@testing-library/react';
import { TrackView } from './RelatedTrack';
import { setupTestI18n } from '../../../widgets/test-i18n';
import type { PageBundle, Rec } from '../../data/pageApi';
import type { TrackMapProps } from './TrackMap';

// echarts cannot lay out in jsdom: the map shows what it was given instead.
vi.mock('./TrackMap', () => ({
  TrackMap: ({ points, line, labels }: TrackMapProps) => (
    <ol data-testid="map" data-line={String(line)} data-start={labels.start}>
      {points.map((p) => (
        <li key={p.id}>{`${p.lng},${p.lat}|${p.tip.map(([k, v]) => `${k}=${v}`).join(';')}`}</li>
      ))}
    </ol>
  ),
}));

beforeAll(() =>
  setupTestI18n('en', {
    engine: {
      related: {
        track: {
          start: 'Start',
          end: 'End',
          empty: 'No located points yet',
          route: 'Route of {{count}} points',
          markers: '{{count}} marked',
          capped: '(latest {{limit}})',
        },
      },
    },
    f: { at: 'Located at', speed: 'Speed', method: 'Method' },
    m: { beidou: 'BeiDou' },
  }),
);

const bundle = {
  page: {
    id: 'loc/log',
    title: 'Log',
    kind: 'log',
    model: {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time', title: 'f.at', 'x-index': true },
        lng: { type: 'number' },
        lat: { type: 'number' },
        speed: { type: 'integer', title: 'f.speed' },
        method: { type: 'string', enum: ['beidou'], title: 'f.method', 'x-enum-labels': 'm' },
      },
    },
  },
  messages: {},
  actions: ['read'],
} as unknown as PageBundle;
const relation = {
  name: 'points',
  page: 'loc/log',
  field: 'waybillNo',
  view: 'track' as const,
  track: { lng: 'lng', lat: 'lat', time: 'at', tooltip: ['speed', 'method'] },
};
const row = (id: number, at: string, lng: number | null, lat: number | null): Rec => ({
  id,
  version: 1,
  at,
  lng,
  lat,
  speed: 60 + id,
  method: 'beidou',
});

describe('a relation shown as a track', () => {
  it('hands the map the located points oldest first, with their tooltip lines', async () => {
    // Newest first, as the server answers, with one failed fix that has no place.
    const rows = [
      row(3, '2026-03-01T10:20:00Z', 121.47, 31.23),
      row(4, '2026-03-01T10:30:00Z', null, null),
      row(1, '2026-03-01T10:00:00Z', 120.15, 30.28),
      row(2, '2026-03-01T10:10:00Z', 120.6, 30.9),
    ];
    render(<TrackView bundle={bundle} relation={relation} rows={rows} loading={false} total={4} />);
    const items = (await screen.findByTestId('map')).querySelectorAll('li');
    expect([...items].map((li) => li.textContent!.split('|')[0])).toEqual(['120.15,30.28', '120.6,30.9', '121.47,31.23']);
    expect(items[0].textContent).toMatch(/Located at=2026-03-01 \d\d:00:00;Speed=61;Method=BeiDou$/);
    expect(screen.getByTestId('map').dataset.line).toBe('true');
    expect(screen.getByText('Route of 3 points')).toBeTruthy();
  });

  it('draws separate markers when the relation asks for no line', async () => {
    render(
      <TrackView
        bundle={bundle}
        relation={{ ...relation, track: { ...relation.track, line: false } }}
        rows={[row(1, '2026-03-01T10:00:00Z', 116.4, 39.9)]}
        loading={false}
        total={1}
      />,
    );
    expect((await screen.findByTestId('map')).dataset.line).toBe('false');
    expect(screen.getByText('1 marked')).toBeTruthy();
  });

  it('says so when there is no point, or none with a place', () => {
    const { rerender } = render(<TrackView bundle={bundle} relation={relation} rows={[]} loading={false} total={0} />);
    expect(screen.getByText('No located points yet')).toBeTruthy();
    rerender(
      <TrackView bundle={bundle} relation={relation} rows={[row(1, '2026-03-01T10:00:00Z', null, null)]} loading={false} total={1} />,
    );
    expect(screen.getByText('No located points yet')).toBeTruthy();
    expect(screen.queryByTestId('map')).toBeNull();
  });
});
