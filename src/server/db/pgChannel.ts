import { randomUUID } from 'node:crypto';
import pg from 'pg';

const RECONNECT_MS = 1000;

export interface Channel {
  /** Tells every other instance listening on the channel; a no-op while the connection is down. */
  announce(payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelOptions {
  /** Told when the listening connection is up and when it is lost (what the caller holds meanwhile). */
  onState?: (up: boolean) => void;
  /** Added to the warnings: what being without the channel means to the caller. */
  consequence?: string;
}

/**
 * LISTEN/NOTIFY on one channel between the instances sharing a PostgreSQL database, on a connection
 * of its own outside the pool (`name` shows in pg_stat_activity), opened again when lost. `heard`
 * gets what the other instances announce, never this instance's own.
 */
export async function openChannel(
  connectionString: string,
  channel: string,
  name: string,
  heard: (payload: string) => void,
  warn: (msg: string) => void,
  opts: ChannelOptions = {},
): Promise<Channel> {
  const instance = randomUUID().slice(0, 8);
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client, why: string) => {
    if (client !== c) return;
    client = null;
    opts.onState?.(false);
    c.end().catch(() => {});
    if (closed) return;
    warn(
      `PostgreSQL: the connection of channel ${channel} was lost (${why}); opening it again${opts.consequence ? `; ${opts.consequence}` : ''}`,
    );
    timer = setTimeout(connect, RECONNECT_MS);
  };

  async function connect() {
    const c = new pg.Client({ connectionString, application_name: name });
    c.on('notification', (m) => {
      if (m.channel !== channel || m.payload === undefined) return;
      const space = m.payload.indexOf(' ');
      const from = space < 0 ? m.payload : m.payload.slice(0, space);
      if (from !== instance) heard(space < 0 ? '' : m.payload.slice(space + 1));
    });
    c.on('error', (err) => lost(c, err.message));
    c.on('end', () => lost(c, 'closed'));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.end().catch(() => {});
      if (!closed) {
        warn(
          `PostgreSQL: cannot listen on channel ${channel} (${(err as Error).message}); trying again${opts.consequence ? `; ${opts.consequence}` : ''}`,
        );
        timer = setTimeout(connect, RECONNECT_MS);
      }
      return;
    }
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    opts.onState?.(true);
  }

  await connect();
  return {
    async announce(payload) {
      const c = client;
      if (!c) return;
      try {
        await c.query('SELECT pg_notify($1, $2)', [channel, `${instance} ${payload}`]);
      } catch (err) {
        lost(c, (err as Error).message);
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
