/**
 * Audit log (issue 27, docs/product.md §2.19): every admin action, newest first, with who, when,
 * what it was done to and the values before and after; searched, filtered by kind, person and
 * days, and paged by the server. Read only: nobody changes an entry.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  AUDIT_KINDS,
  auditKindLabel,
  type AuditEntry,
  type AuditQuery,
  type AuditValue,
} from '@sprocket/contract';
import type { DataColumn } from '../../../components/data/data-table.js';
import {
  ListTable,
  type ListTableView,
  type ListTableWords,
} from '../../../components/data/list-table.js';
import { filterOptions } from '../../../components/data/list-toolbar.js';
import { ServerList } from '../../../components/data/server-list.js';
import {
  DayRangeFilters,
  dayOrNothing,
  EmailFilter,
  useUrlFilters,
} from '../../../components/data/url-filters.js';
import { formatDateTime } from '../../../lib/format-time.js';
import { useAuditLog } from '../api/get-audit-log.js';

const TABLE_WORDS: ListTableWords = {
  label: 'Audit log',
  empty: 'No admin has changed anything yet.',
  emptyNarrowed: 'No entries match.',
};

/** A value as one line of text: a word or number as it is, anything else as JSON. */
const shown = (value: AuditValue): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);

/** The fields of one side of a change, one per line ("price: 1399"); "—" for none. */
function Fields({ fields }: { fields: AuditEntry['before'] }) {
  if (!fields || Object.keys(fields).length === 0) {
    return <Typography color="text.secondary">—</Typography>;
  }
  return (
    <Box component="dl" sx={{ m: 0, fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
      {Object.entries(fields).map(([field, value]) => (
        <Box key={field} sx={{ display: 'flex', gap: 0.5 }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {field}:
          </Box>
          <Box component="dd" sx={{ m: 0, maxWidth: 280 }}>
            {shown(value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function AuditLogTable({ entries, ...view }: { entries: AuditEntry[] } & ListTableView) {
  const columns: DataColumn<AuditEntry>[] = [
    {
      id: 'at',
      header: 'When',
      cell: (entry) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Box>,
    },
    {
      id: 'kind',
      header: 'What',
      cell: (entry) => <Box sx={{ fontWeight: 600 }}>{auditKindLabel[entry.kind]}</Box>,
      phone: 'title',
    },
    {
      id: 'by',
      header: 'Who',
      cell: (entry) => <Box sx={{ overflowWrap: 'anywhere' }}>{entry.byEmail}</Box>,
    },
    {
      id: 'target',
      header: 'On',
      cell: (entry) => <Box sx={{ overflowWrap: 'anywhere' }}>{entry.targetId}</Box>,
    },
    { id: 'before', header: 'Before', cell: (entry) => <Fields fields={entry.before} /> },
    { id: 'after', header: 'After', cell: (entry) => <Fields fields={entry.after} /> },
  ];
  return <ListTable {...TABLE_WORDS} rows={entries} columns={columns} view={view} />;
}

const AUDIT_LIST = {
  filterName: 'kind',
  filters: AUDIT_KINDS,
  // The log has one order: newest first.
  sorts: ['-at'],
  defaultSort: '-at',
  searchLabel: 'Search the log',
  filter: {
    label: 'Kind',
    allLabel: 'All kinds',
    options: filterOptions(AUDIT_KINDS, auditKindLabel),
  },
  loadingLabel: 'Loading the audit log',
} as const;

/** The URL's filters of the log beside its search and kind: the person and the days. */
const AUDIT_FILTERS = ['by', 'from', 'to'] as const;

export function AuditLog() {
  const more = useUrlFilters(AUDIT_FILTERS);
  const { by, from, to } = more.values;
  const useEntries = ({ q, kind, page, pageSize }: AuditQuery & { sort?: string }) =>
    useAuditLog({
      q,
      kind,
      page,
      pageSize,
      by: by.trim() || undefined,
      from: dayOrNothing(from),
      to: dayOrNothing(to),
    });
  return (
    <ServerList
      setup={AUDIT_LIST}
      usePage={useEntries}
      more={{
        narrowed: more.on,
        filters: (
          <DayRangeFilters
            from={from}
            to={to}
            onChange={more.set}
            onClear={more.on ? () => more.set({ by: '', from: '', to: '' }) : undefined}
          >
            <EmailFilter
              label="Admin email"
              email={by}
              onChange={(email) => more.set({ by: email })}
            />
          </DayRangeFilters>
        ),
      }}
    >
      {(items, view) => <AuditLogTable entries={items} {...view} sort={undefined} />}
    </ServerList>
  );
}
