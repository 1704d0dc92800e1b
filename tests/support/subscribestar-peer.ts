/**
 * A local peer of SubscribeStar's OAuth2 and GraphQL API (node:http), speaking the subset our
 * SubscribeStar pledge service uses: GET /oauth2/authorize (the member, named by `as`, approves our
 * integration and is sent back to redirect_uri with a one-time code and the state), POST /oauth2/token
 * (the authorization_code grant: client id and secret, the code once, the same redirect_uri; a refused
 * code is 400 invalid_grant) and POST /api/graphql/v1 with the bearer token, answering
 * `{ subscriber { id subscription { active tier_id } } }`.
 *
 * `fail()` makes requests whose path starts with a prefix answer 500 until `restore()`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';

export interface Subscriber {
  id: number;
  subscription: { active: boolean; tierId: string } | null;
}

export interface SubscribeStarPeer {
  url: string;
  /** PLEDGE_SERVICE=subscribestar pointed at this peer. */
  env: () => Record<string, string>;
  /** A SubscribeStar user who subscribes to us (or not, with null). */
  addSubscriber: (subscription: Subscriber['subscription']) => Subscriber;
  /** Where the authorize page sends the browser for `subscriber` (following our authorize URL). */
  approve: (authorizeUrl: string, subscriber: Subscriber) => Promise<URL>;
  fail: (pathPrefix: string) => void;
  restore: () => void;
  close: () => Promise<void>;
}

const QuerySchema = z.object({ query: z.string() });

const token = () => randomBytes(16).toString('hex');

export async function startSubscribeStarPeer(): Promise<SubscribeStarPeer> {
  const clientId = token();
  const clientSecret = token();
  const subscribers = new Map<number, Subscriber>();
  const codes = new Map<string, { subscriberId: number; redirectUri: string }>();
  const accessTokens = new Map<string, number>();
  let failing: string | null = null;
  let nextId = 1000;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  function authorize(query: URLSearchParams, res: ServerResponse): void {
    const subscriberId = Number(query.get('as'));
    const redirectUri = query.get('redirect_uri');
    if (
      query.get('client_id') !== clientId ||
      query.get('response_type') !== 'code' ||
      redirectUri === null ||
      !subscribers.has(subscriberId)
    ) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid authorization request.');
      return;
    }
    const code = token();
    codes.set(code, { subscriberId, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    res.writeHead(302, { location: back.toString() }).end();
  }

  function exchange(form: URLSearchParams, res: ServerResponse): void {
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      json(res, 401, { error: 'invalid_client' });
      return;
    }
    const code = codes.get(form.get('code') ?? '');
    if (
      form.get('grant_type') !== 'authorization_code' ||
      code === undefined ||
      code.redirectUri !== form.get('redirect_uri')
    ) {
      json(res, 400, { error: 'invalid_grant' });
      return;
    }
    codes.delete(form.get('code') ?? '');
    const access = token();
    accessTokens.set(access, code.subscriberId);
    json(res, 200, {
      access_token: access,
      token_type: 'Bearer',
      expires_in: 2_592_000,
      refresh_token: token(),
      scope: 'subscriber.read',
    });
  }

  function graphql(req: IncomingMessage, body: string, res: ServerResponse): void {
    const bearer = /^Bearer (\w+)$/.exec(req.headers.authorization ?? '')?.[1];
    const subscriberId = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (subscriberId === undefined) {
      json(res, 401, { error: 'invalid_token' });
      return;
    }
    const query = QuerySchema.safeParse(JSON.parse(body)).data?.query;
    if (query === undefined || !/subscriber\s*{/.test(query)) {
      json(res, 200, {
        data: null,
        errors: [{ message: 'This peer answers the subscriber query.' }],
      });
      return;
    }
    const subscriber = subscribers.get(subscriberId);
    const sub = subscriber?.subscription ?? null;
    json(res, 200, {
      data: {
        subscriber:
          subscriber === undefined
            ? null
            : {
                id: subscriber.id,
                subscription: sub === null ? null : { active: sub.active, tier_id: sub.tierId },
              },
      },
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = target.pathname;
      if (failing !== null && path.startsWith(failing)) {
        json(res, 500, { error: 'server_error' });
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'GET' && path === '/oauth2/authorize') authorize(target.searchParams, res);
      else if (req.method === 'POST' && path === '/oauth2/token') {
        exchange(new URLSearchParams(body), res);
      } else if (req.method === 'POST' && path === '/api/graphql/v1') graphql(req, body, res);
      else json(res, 404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const url = `http://127.0.0.1:${String(port)}`;

  return {
    url,
    env: () => ({
      PLEDGE_SERVICE: 'subscribestar',
      SUBSCRIBESTAR_CLIENT_ID: clientId,
      SUBSCRIBESTAR_CLIENT_SECRET: clientSecret,
      SUBSCRIBESTAR_URL: url,
    }),
    addSubscriber: (subscription) => {
      const subscriber = { id: nextId++, subscription };
      subscribers.set(subscriber.id, subscriber);
      return subscriber;
    },
    approve: async (authorizeUrl, subscriber) => {
      const at = new URL(authorizeUrl);
      at.searchParams.set('as', String(subscriber.id));
      const res = await fetch(at, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || location === null) {
        throw new Error(`authorize answered ${String(res.status)}: ${await res.text()}`);
      }
      return new URL(location);
    },
    fail: (prefix) => {
      failing = prefix;
    },
    restore: () => {
      failing = null;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
