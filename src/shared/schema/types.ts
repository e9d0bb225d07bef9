/**
 * The page schema: one JSON file per console page (src/schemas/<area>/<page>.json). page.schema.json
 * is the same contract as a JSON Schema; types.test.ts proves the two agree.
 */
export type PageKind = 'crud' | 'log' | 'settings' | 'report' | 'tabs' | 'dashboard';

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

/** Formats understood by ajv on both sides; the Chinese ones come from src/shared/validators. */
export type FieldFormat =
  | 'date'
  | 'date-time'
  | 'email'
  | 'uri'
  | 'ipv4'
  | 'ipv6'
  | 'mobile'
  | 'password'
  | 'numberText'
  | 'uscc'
  | 'idcard'
  | 'plate'
  | 'bankcard'
  | 'corporateAccount'
  | 'taxNumber'
  | 'roadPermit'
  | 'vehicleCert'
  | 'cidr'
  | 'menuIcon'
  | 'color'
  | 'domain'
  | 'safeUrl'
  | 'richText';

export type FilterOperator = 'eq' | 'like' | 'in' | 'range';

/** What a server-generated field holds: a public app key, or a secret / token shown once. */
export type GeneratedKind = 'appKey' | 'secret' | 'token';

/** Where an action is offered: on one row, on the list (no record), or on a selection of rows. */
export type ActionLevel = 'row' | 'list' | 'bulk';

export interface GeneratedValue {
  kind: GeneratedKind;
  /** Characters of the generated value (default 32). */
  length?: number;
}

export type MaskKind = 'idcard' | 'bankcard' | 'mobile' | 'name';

/** unmaskFor: role codes, or `action:<name>` for a page action grant; default `action:unmask`. */
export interface MaskSpec {
  kind: MaskKind;
  unmaskFor?: string[];
}

export interface FieldSchema {
  /** A field of the field library this field is (src/schemas/_fields.json); resolved when the page is loaded, so never set on a loaded page. */
  use?: string;
  type: FieldType;
  /** i18n key of the label. */
  title: string;
  description?: string;
  format?: FieldFormat;
  enum?: (string | number)[];
  /** i18n key prefix: the label of value v is `${prefix}.${v}`. */
  'x-enum-labels'?: string;
  /** antd colour per enum value, for StatusTag cells. */
  'x-enum-colors'?: Record<string, string>;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Message key for a value the pattern refuses; replaces the generic pattern message in the form and on the server. */
  'x-pattern-message'?: string;
  /** Sample values; the first one the pattern accepts is shown in the format's message. */
  examples?: string[];
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  default?: unknown;
  /**
   * What an array holds: scalar values, or objects (a sub-table) whose scalar sub-fields are written
   * with the same keywords as fields, under `properties` and `required`.
   */
  items?: {
    type: Exclude<FieldType, 'array'>;
    enum?: (string | number)[];
    format?: FieldFormat;
    maxLength?: number;
    properties?: Record<string, FieldSchema>;
    required?: string[];
  };
  maxItems?: number;
  /** Set by the server (never accepted from a request body). */
  readOnly?: boolean;
  /** Accepted, stored and never returned: secrets. */
  writeOnly?: boolean;
  /** Stores a one-way scrypt hash of the value, in the named column, instead of the value. */
  'x-hash'?: { column: string };
  /** The server answers the value masked (list, detail, export, options, history) to callers without the unmask grant. */
  'x-mask'?: MaskSpec;
  /** Page id whose records this field references (by their `resource.key`, default id). */
  'x-ref'?: string;
  /** Several references stored as a JSON array. */
  'x-ref-multiple'?: boolean;
  /** Kept in a unique index. */
  'x-unique'?: boolean;
  /** Kept in an index, so it can be sorted and filtered on a large table. */
  'x-index'?: boolean;
  'x-filter'?: FilterOperator;
  /** Widget that displays the value in list cells and detail (defaults follow from type and format). */
  'x-cell'?: string;
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-decorator'?: string;
  'x-decorator-props'?: Record<string, unknown>;
  /** Formily reactions; expressions run through the safe evaluator, never `new Function`. */
  'x-reactions'?: unknown;
  /** Shown in the form only when editing (true) or only when creating (false). */
  'x-editable'?: 'always' | 'create' | 'never';
  /** Filled by the server on create when left empty: prefix + local date (yyyymmdd, UTC+8) + a zero-padded daily number. */
  'x-sequence'?: { prefix: string; digits: number };
  /** Filled by the server on create (and by a rotate action); a writeOnly one is shown once, then only its set date. */
  'x-generated'?: GeneratedValue;
  /** A field named like a secret that is not one; allowed only on the platform's allow-list (guardRails.ts). */
  'x-not-secret'?: boolean;
  /** How an export writes an array of objects: as readable text in one cell (default) or one row per item. */
  'x-export'?: 'text' | 'rows';
  /** A value the server computes from the record's other fields (safe expression language); needs readOnly. */
  'x-computed'?: ComputedSpec;
  /** The value must be later (greater) than this other field's, when both are set: an end after its start. */
  'x-after'?: string;
  /** A date or time that may not lie in the future (a loading or delivery time; a few minutes of clock difference are allowed). */
  'x-not-future'?: boolean;
  /** A region field whose chain must go down to this level (ministry uploads need county codes). */
  'x-region-level'?: 'province' | 'city' | 'county';
  /** Required when this expression over the record holds, e.g. "discountPct > 0". */
  'x-required-when'?: string;
  /** Reference options and references are limited to records of the x-ref page with these field values. */
  'x-ref-filter'?: Record<string, string | number | boolean>;
  /**
   * Dependent reference: the referenced record's field (key) must equal this record's field (value),
   * e.g. `{ "carrierCode": "carrierCode" }` on a waybill's driver: only the chosen carrier's drivers.
   */
  'x-ref-depends'?: Record<string, string>;
  /**
   * Values taken from the chosen record: this page's field (key) gets the expression over the
   * referenced record's fields (value), e.g. `{ "taxWithheld": "carrierType != 'enterprise'" }` on a
   * waybill's carrier. The form fills them when a record is chosen; a create that leaves them out gets them too.
   */
  'x-ref-fill'?: Record<string, string>;
  /** A boolean the user must answer: no value until chosen, and a required one refuses "not chosen" (false is an answer). */
  'x-must-choose'?: boolean;
}

export interface ComputedSpec {
  /** Expression over the record's fields, e.g. "freightFen + extraFeeFen - deductionFen". */
  expr: string;
  /** true: computed on every write and kept in a column (sortable, filterable, totalled); false: computed on each read. */
  stored: boolean;
}

export interface ModelSchema {
  type: 'object';
  required?: string[];
  properties: Record<string, FieldSchema>;
}

export interface ResourceSpec {
  /** SQL table; shared only with a core table of the server or with a report source. */
  table: string;
  /** party: rows belong to an organisation; customer users see only their own. */
  scope?: 'global' | 'party';
  /** Rows of every organisation on purpose (platform logs); allowed only on the platform's allow-list (guardRails.ts). */
  crossOrganisation?: boolean;
  /** Field shown when another page references a record. */
  label: string;
  /** Field stored by references; defaults to id. */
  key?: string;
  /** Fields searched by the list's free-text box `q`. */
  search?: string[];
  /** Unique together, e.g. one settings record per organisation. */
  uniqueTogether?: string[][];
  /** Rows are written by the server only (logs). */
  readOnly?: boolean;
  /** A field naming organisations (party codes): a customer user sees, read-only, the rows that name its own. */
  scopeBy?: string;
  /** A field holding an account's username: a customer user sees only the rows addressed to it (its messages). */
  scopeUser?: string;
  /** An expression over a record: while it is false the record cannot be deleted (409; the console offers no delete). */
  deletableWhen?: string;
}

export interface ColumnRef {
  field: string;
  width?: number;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
}

export interface ListView {
  columns: (string | ColumnRef)[];
  filters?: string[];
  /** Field name, '-' prefix for descending. */
  defaultSort?: string;
  /** Fields the user may sort on; defaults to indexed and system columns. */
  sortable?: string[];
  actions?: string[];
  rowActions?: string[];
  bulkActions?: string[];
  pageSize?: number;
  /** Filters applied by ?todo=1, matching the dashboard's to-do counter. */
  todo?: Record<string, unknown>;
  /** A totals row under the list: aggregates over every row matching the current filter, computed by the database. */
  totals?: TotalSpec[];
}

export interface TotalSpec {
  field: string;
  op: 'sum' | 'avg' | 'count';
}

export interface FormSection {
  title: string;
  fields: string[];
}

export interface FormView {
  columns?: 1 | 2 | 3;
  fields?: string[];
  sections?: FormSection[];
}

export interface DetailView {
  /** Resolved: names ("form", library sections) are replaced by the sections they stand for; absent only when the form has no sections either. */
  sections?: FormSection[];
  /** Show the audit trail of the record. */
  history?: boolean;
}

/** A printable page of one record (A4); without it, print uses the detail sections. */
export interface PrintView {
  title?: string;
  sections: FormSection[];
}

export interface Transition {
  name: string;
  title: string;
  from: string[];
  /** The states a customer organisation's user may run it from (default: from). */
  customerFrom?: string[];
  to: string;
  /** Fields asked for in the confirmation dialog, stored with the new state. */
  form?: string[];
  required?: string[];
  danger?: boolean;
  /** Changes to other records made in the same transaction as the transition, and audited. */
  effects?: Effect[];
}

/**
 * A change to other records: either `match` + `set` (update the records of `page` whose fields equal
 * the values) or `create` (insert one record of `page`). A value "$record.<field>" is taken from the
 * record after the transition, "$now" is the time and "$user" the user's account; others are literal.
 */
export interface Effect {
  page: string;
  match?: Record<string, string | number | boolean>;
  set?: Record<string, unknown>;
  create?: Record<string, unknown>;
}

export interface StatesSpec {
  field: string;
  initial?: string;
  transitions: Transition[];
  /** States in which the record may still be edited; absent means any state. */
  editableIn?: string[];
  /** States in which a customer organisation's user may still edit (default: editableIn). */
  customerEditableIn?: string[];
  /** States in which the record may be deleted; absent means any state. */
  deletableIn?: string[];
}

/** A rule across fields, checked on every write in the browser and on the server. */
export interface Rule {
  /** The rule applies only when this expression holds. */
  when?: string;
  /** Must hold, else the write is refused. */
  assert: string;
  /** i18n key of the message shown at each of `fields`. */
  message: string;
  fields: string[];
  /**
   * Referenced records the rule reads, by alias: `{ "vehicle": "plate" }` lets the expressions read
   * `vehicle.loadKg` from the record the field `plate` refers to. Such rules run on the server only.
   */
  with?: Record<string, string>;
  /** Message parameters computed by expressions on the same scope: `{ "limit": "vehicle.loadKg" }`. */
  params?: Record<string, string>;
  /**
   * Figures over other records the rule reads, by alias: the sum (or count, or largest value) of a
   * field of another page's records that match this record, within its organisation. What a chain
   * document may still take is its predecessor's amount minus what the others already took. Server only.
   */
  aggregate?: Record<string, RuleAggregate>;
  /** A refusal by this rule is also sent to the organisation's administrators as a message (the income cap). */
  alert?: boolean;
}

/** One figure over the records of a page: `op` of `field` over those matching, excluding the record written. */
export interface RuleAggregate {
  page: string;
  /** The figure's field (a stored number); not needed for count. */
  field?: string;
  op?: 'sum' | 'count' | 'max';
  /** Their field → this record's field: only records holding the same values count (none when ours is empty). */
  match?: Record<string, string>;
  /** Their field → a value or a list of values they must hold (states that count, flags). */
  where?: Record<string, string | number | boolean | (string | number | boolean)[]>;
  /** Only records whose date field (theirs) lies in the China calendar year of this record's (ours). */
  sameYear?: { theirs: string; ours: string };
}

/** A server-side operation beyond CRUD, implemented by a named handler in src/server/actions. */
export interface CustomAction {
  name: string;
  title: string;
  handler: string;
  /** Fields of the action's own dialog. */
  fields?: Record<string, FieldSchema>;
  required?: string[];
  confirm?: string;
  danger?: boolean;
  /** Default row. */
  level?: ActionLevel;
  /**
   * A row action's condition over the record (the safe expression language, as deletableWhen):
   * it is offered and run only where it holds, e.g. `status == 'pending'`.
   */
  when?: string;
}

export interface Measure {
  name: string;
  title: string;
  op: 'count' | 'sum' | 'avg' | 'min' | 'max';
  field?: string;
  /** Display of the aggregate: money for fen amounts. */
  cell?: string;
}

export interface ReportSpec {
  /** Page whose table is aggregated. */
  source: string;
  /** Field grouped on; a date-time field may be bucketed by day or month. */
  groupBy: string;
  bucket?: 'day' | 'month';
  measures: Measure[];
  chart: 'bar' | 'line' | 'pie';
  filters?: string[];
}

export interface LogSpec {
  /** Time field filtered by the range picker. */
  timeField: string;
  /** Days shown when no range is chosen. */
  defaultDays?: number;
}

/** One tab of a "tabs" page: another page's view, shown only to users who may read that page. */
export interface TabSpec {
  /** Page id whose view the tab shows. */
  page: string;
  /** The view of that page; its list (or report, settings) by default. */
  view?: 'index';
  /** i18n key of the tab's label; the page's own title by default. */
  title?: string;
}

/** One key figure: an aggregate of the source page's rows in the caller's scope. */
export interface DashboardFigure {
  name: string;
  title: string;
  op: 'count' | 'sum' | 'avg' | 'min' | 'max';
  field?: string;
  cell?: string;
  /** Equality conditions on fields of the source page (e.g. only waybills in transit). */
  where?: Record<string, string | number | boolean>;
}

/** One chart: the source page's rows grouped on a field, with one or more measures. */
export interface DashboardChart {
  name: string;
  title: string;
  /** map: a map of China by province; groupBy then names a region field (bucket "first"). */
  type: 'bar' | 'line' | 'pie' | 'map';
  groupBy: string;
  /** day / month for a date-time field; first: the first item of an array field (a region's province). */
  bucket?: 'day' | 'month' | 'first';
  /** Only rows of the last N days: by the grouped date-time when bucketed by day or month, else by creation. */
  days?: number;
  measures: Measure[];
  /** Columns of the two-column grid the chart spans on a wide screen. */
  span?: 1 | 2;
}

export interface DashboardSpec {
  /** Page whose table is aggregated, with that page's access and organisation scope. */
  source: string;
  figures?: DashboardFigure[];
  charts: DashboardChart[];
}

export interface PageSchema {
  $schema?: string;
  id: string;
  kind: PageKind;
  title: string;
  description?: string;
  resource?: ResourceSpec;
  model?: ModelSchema;
  list?: ListView;
  form?: FormView;
  detail?: DetailView;
  print?: PrintView;
  states?: StatesSpec;
  actions?: CustomAction[];
  report?: ReportSpec;
  log?: LogSpec;
  /** kind "tabs": other pages' views, one per tab. */
  tabs?: TabSpec[];
  /** kind "dashboard": key figures and charts over a source page's records. */
  dashboard?: DashboardSpec;
  /** Demo rows inserted into a new database when demo data is on. */
  demo?: Record<string, unknown>[];
  /** A template (src/schemas path without .json, a file or folder named with a leading _) whose keys this page inherits. */
  extends?: string;
  /** Values the server holds every record of this page to: list, read, export, write. */
  fixedFilter?: Record<string, string | number | boolean>;
  /** Pages whose records belong to a record of this page (their field refers to it). */
  relations?: Relation[];
  /** Several child pages summarised in one detail tab: one line per page (relationGroups). */
  relationGroups?: RelationGroup[];
  /** A record's chain of documents in one detail tab: each step's records, amounts, states and what is still open. */
  chains?: ChainView[];
  rules?: Rule[];
  /** A log page that receives a row for each create, edit, transition and delete of a record. */
  events?: EventLogSpec;
}

export interface EventLogSpec {
  page: string;
  field: string;
  on?: ('create' | 'update' | 'delete' | 'transition')[];
}

/**
 * The documents that follow a record, step by step (a waybill's settlement, remittances, payments,
 * bank receipts, uploads, tax orders), shown in one detail tab with the fen still open.
 */
export interface ChainView {
  /** Key of the tab; unique among relations, groups and chains. */
  name: string;
  /** i18n key of the tab. */
  title: string;
  steps: ChainStep[];
  /** Still open: the sum of `owed`'s amounts less the sum of `paid`'s amounts whose fields hold `paidWhen`. */
  open?: { owed: string; paid: string; paidWhen?: Record<string, string | number | boolean | (string | number | boolean)[]> };
}

export interface ChainStep {
  /** Key of the step, named by later steps' `from`. */
  name: string;
  page: string;
  /** The step page's field holding the number it follows. */
  field: string;
  /** Where that number comes from: a field of this record (`waybillNo`) or of an earlier step's records (`settlement.settlementNo`). */
  from: string;
  /** The step page's money field shown as the document's amount. */
  amount?: string;
  /** i18n key of the step's title; the page's title when absent. */
  title?: string;
}

/** A child page of a parent page: the child's field refers (x-ref) to the parent's records. */
export interface Relation {
  /** Key of the relation: the tab in the parent's detail, the row action that opens the children. */
  name: string;
  /** The child page id. */
  page: string;
  /** The child's field that holds the parent's key (resource.key, default id). */
  field: string;
  /** i18n key of the tab and row action; the child page's title when absent. */
  title?: string;
  /** What deleting a parent that still has children does: refuse (409, the default) or delete them too. */
  onDelete?: 'refuse' | 'cascade';
  /** How the detail's tab shows the children: a list (default) or points on the map with the list below. */
  view?: 'list' | 'track';
  /** The child fields that place each point, for view "track". */
  track?: RelationTrack;
}

/** Where a child record lies and when: the fields a track view reads. */
export interface RelationTrack {
  /** Number field with the longitude. */
  lng: string;
  /** Number field with the latitude. */
  lat: string;
  /** Sortable date-time field that orders the points. */
  time: string;
  /** Further fields shown in a point's tooltip. */
  tooltip?: string[];
  /** Whether the points form a route with start and end marked (default true) or stand alone. */
  line?: boolean;
}

/**
 * Child pages that share one parent field, shown as ONE detail tab: a line per page the caller may
 * read, with how many records belong to the parent and the latest one's chosen fields.
 */
export interface RelationGroup {
  /** Key of the tab; unique among relations and groups. */
  name: string;
  /** i18n key of the tab. */
  title: string;
  /** The field every listed page holds the parent's key in. */
  field: string;
  /** The child page ids, in the order of the lines. */
  pages: string[];
  /** Fields of the latest record shown as columns, where a page has them (e.g. provider, status). */
  columns?: string[];
  /** i18n key of the first column's header, naming what each line is ("service"); "page" when absent. */
  pageTitle?: string;
  /** i18n key said of a page with no record of the parent ("not configured"); "none" when absent. */
  noneTitle?: string;
  /** i18n key of the link that adds the first record ("configure"); "add" when absent. */
  createTitle?: string;
  /** As for relations: refuse (default) or cascade when the parent is deleted. */
  onDelete?: 'refuse' | 'cascade';
}

/** Columns every table has and every record carries. */
export const SYSTEM_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;

export const CRUD_ACTIONS = ['read', 'create', 'update', 'delete', 'export'] as const;

/** A record's refusal by one of its page's rules (x-rules, dependent references, expiry dates). */
export interface RuleViolation {
  field: string;
  /** Message key; params that are keys themselves (field titles) are translated in place. */
  key: string;
  params: Record<string, unknown>;
  /** The rule asks for its refusals to be sent to the organisation's administrators. */
  alert?: boolean;
}
