/**
 * The typed client, derived from a route table: one function per call, taking the call's path
 * parameters, query and body and promising its answer, typed by the table's schemas. It types no
 * path by hand: a call added to the table is a function here, with its types, and nothing else to
 * write. The transport (headers, tokens, errors) is the caller's: `send`.
 */
import { fillPath, type CallInput, type CompactAnswer, type Method, type RouteDescriptor, type RouteTable, type SpecAnswer } from './routes';

/** Sends one call: `path` is filled in and under /api; `query` holds only the parameters that are set. */
export type Send = (method: Method, path: string, options: { query: Record<string, string>; body?: unknown }) => Promise<unknown>;

type Call<Descriptor extends RouteDescriptor, Answer> =
  // A call with nothing required can be made with no argument.
  Record<never, never> extends CallInput<Descriptor> ? (input?: CallInput<Descriptor>) => Promise<Answer> : (input: CallInput<Descriptor>) => Promise<Answer>;

export type SpecClient<Table extends RouteTable> = { [Name in keyof Table]: Call<Table[Name], SpecAnswer<Table[Name]>> };
export type CompactClient<Table extends RouteTable> = { [Name in keyof Table]: Call<Table[Name], CompactAnswer<Table[Name]>> };

interface AnyInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

function client(table: RouteTable, send: Send, fixedQuery: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(table).map(([name, { method, path }]) => [
      name,
      (input: AnyInput = {}) => {
        const query = { ...fixedQuery };
        for (const [key, value] of Object.entries(input.query ?? {})) if (value !== undefined && value !== '') query[key] = String(value);
        return send(method, fillPath(path, input.params), { query, body: input.body });
      },
    ]),
  );
}

/** The client of the spec's form: answers as spec 7 gives them. */
export const createSpecClient = <Table extends RouteTable>(table: Table, send: Send) => client(table, send, {}) as SpecClient<Table>;

/** The client of the compact form (`?view=compact`): what a screen shows, a page at a time. */
export const createCompactClient = <Table extends RouteTable>(table: Table, send: Send) =>
  client(table, send, { view: 'compact' }) as CompactClient<Table>;
