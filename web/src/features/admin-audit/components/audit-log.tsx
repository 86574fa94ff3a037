/**
 * Audit log (issue 27, docs/product.md §2.19): every admin action, newest first, with who, when,
 * what it was done to (by name, its id the link) and each field it changed on a line of its own,
 * money as money (issue 36 item 6); searched, filtered by kind, person and days, and paged by the
 * server. Read only: nobody changes an entry.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  AUDIT_KINDS,
  auditKindLabel,
  auditLines,
  auditTargetType,
  type AuditEntry,
  type AuditQuery,
  type AuditShown,
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
import { formatPrice } from '../../../lib/money.js';
import { visuallyHidden } from '../../../lib/visually-hidden.js';
import { paths } from '../../../config/paths.js';
import { useAuditLog } from '../api/get-audit-log.js';

const TABLE_WORDS: ListTableWords = {
  label: 'Audit log',
  empty: 'No admin has changed anything yet.',
  emptyNarrowed: 'No entries match.',
};

/** One side of a changed field in words: money in the shop's currency, anything else as it is. */
const shown = (side: AuditShown): string => ('cents' in side ? formatPrice(side.cents) : side.text);

/**
 * Each field the entry changed on a line of its own, its label whole: "Price: £21.99 → £22.99",
 * a field that is new or gone with its one value ("—" when the entry changed no field).
 */
function Changes({ entry }: { entry: AuditEntry }) {
  const lines = auditLines(entry);
  if (lines.length === 0) return <Typography color="textSecondary">—</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, fontSize: '0.875rem' }}>
      {lines.map(({ label, before, after }) => (
        <Box key={label} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.75 }}>
          <Box component="dt" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {label}:
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'break-word' }}>
            {before && after ? (
              <>
                <Box component="span" sx={{ textDecoration: 'line-through' }}>
                  <Box component="span" sx={visuallyHidden}>
                    from{' '}
                  </Box>
                  {shown(before)}
                </Box>
                <span aria-hidden> → </span>
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  to{' '}
                </Box>
                {shown(after)}
              </>
            ) : after ? (
              shown(after)
            ) : (
              <>
                {shown(before!)}{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  (removed)
                </Box>
              </>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Where an entry's target is seen, by what it is: a screen of the app, or an uploaded picture's
 * own address; none for the shop's settings.
 */
function targetHref({ kind, targetId }: AuditEntry): string | undefined {
  switch (auditTargetType(kind)) {
    case 'part':
      return paths.part.getHref(targetId);
    case 'order':
      return paths.dashboard.order.getHref(targetId);
    case 'account':
      return paths.dashboard.customers.getHref();
    case 'code':
      return paths.dashboard.discounts.getHref();
    case 'message':
      return paths.dashboard.messages.getHref();
    case 'page':
      return paths.dashboard.pages.getHref();
    case 'image':
      return /^(https?:)?\//.test(targetId) ? targetId : undefined;
    default:
      return undefined;
  }
}

/** The target by its name, with its id as the link to it (an id that is its name shows once). */
function Target({ entry }: { entry: AuditEntry }) {
  const href = targetHref(entry);
  const idShown = entry.targetId !== entry.targetName;
  // A picture's address is no screen of the app: a plain link leaves it.
  const to =
    href?.startsWith('/') && !href.startsWith('//') && auditTargetType(entry.kind) !== 'image'
      ? { component: RouterLink, to: href }
      : { href };
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Box sx={{ fontWeight: 500 }}>
        {href && !idShown ? <Link {...to}>{entry.targetName}</Link> : entry.targetName}
      </Box>
      {href && idShown && (
        <Link
          {...to}
          variant="body2"
          aria-label={`${entry.targetId}: ${entry.targetName}`}
          sx={{ color: 'text.secondary' }}
        >
          {entry.targetId}
        </Link>
      )}
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
    { id: 'target', header: 'On', cell: (entry) => <Target entry={entry} /> },
    { id: 'changes', header: 'Changes', cell: (entry) => <Changes entry={entry} /> },
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
