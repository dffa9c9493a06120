import {
  type ColumnDef,
  type RowData,
  columnVisibilityFeature,
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, Columns3, Search } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Pagination } from "~/web/components/ui/pagination";
import { type TableId, useTablePreferences } from "~/web/lib/use-table-preferences";
import { useHydrated } from "~/web/lib/use-hydrated";
import { PopoverDetails } from "./popover-details";

/*
 * Partner Studio's tables (events, and venues, guests and waitlists to come): TanStack Table in
 * manual mode, for lists the server searches, filters, sorts and pages through the address's
 * query (a host may have hundreds of rows). Sorting is a link and paging is links, so both work
 * before JavaScript and can be shared; which columns show is remembered per table in the browser
 * (spec §3). At tablet width and up a table; on phones each row is a card.
 */

export interface DataColumnMeta {
  /** The column's name in the column chooser and on a phone's card. */
  label: string;
  /** The row's title on a phone's card; never hidden. */
  primary?: boolean;
  /** Figures, lined up on the right. */
  numeric?: boolean;
  /** The row's actions: last in a row, in a card's top corner; never hidden. */
  actions?: boolean;
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  columnMeta: {} as DataColumnMeta,
});
type Features = typeof dataTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type
export type DataColumn<TData extends RowData> = ColumnDef<Features, TData, any>;

/** Column definitions for one table's rows, with the Studio's column meta. Keep them at module scope. */
export const dataColumnHelper = <TData extends RowData>() => createColumnHelper<Features, TData>();

/** `sort=date` or `sort=-date` (newest first), as the address carries it. */
export interface SortParam {
  id: string;
  desc: boolean;
}
export const sortParam = ({ id, desc }: SortParam) => (desc ? `-${id}` : id);

interface DataTableProps<TData extends RowData> {
  tableId: TableId;
  /** What the table lists, for screen readers. */
  caption: string;
  columns: DataColumn<TData>[];
  data: TData[];
  getRowId: (row: TData) => string;
  sort: SortParam;
  /** The address of this page sorted another way (back to its first page). */
  sortHref: (sort: SortParam) => string;
  page: number;
  pageCount: number;
  pageSize: number;
  rowCount: number;
  pageHref: (page: number) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** Search and filters (TableToolbar), beside the column chooser. */
  toolbar?: ReactNode;
}

export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const { columns, data, sort, page, pageSize, rowCount } = props;
  const { columnVisibility, setColumnVisibility } = useTablePreferences(props.tableId);
  const sorting = useMemo(() => [{ id: sort.id, desc: sort.desc }], [sort.id, sort.desc]);
  const pagination = useMemo(() => ({ pageIndex: page - 1, pageSize }), [page, pageSize]);
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: props.getRowId,
    state: { sorting, pagination, columnVisibility },
    onColumnVisibilityChange: setColumnVisibility,
    // The server has already searched, sorted and paged these rows.
    manualSorting: true,
    manualPagination: true,
    rowCount,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  const rows = table.getRowModel().rows;
  const hydrated = useHydrated();
  const hideable = table
    .getAllLeafColumns()
    .filter((c) => !c.columnDef.meta?.primary && !c.columnDef.meta?.actions && c.getCanHide());

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        {props.toolbar ? <div className="w-full min-w-0 tablet:w-auto tablet:flex-1">{props.toolbar}</div> : null}
        {hydrated && rows.length > 0 && hideable.length > 0 ? (
          <PopoverDetails
            className="ml-auto"
            summaryClassName="btn-secondary cursor-pointer"
            panelClassName="w-60"
            summary={
              <>
                <Columns3 aria-hidden className="size-4" /> Columns
              </>
            }
          >
            {() => (
              <fieldset>
                <legend className="px-2 py-1 text-xs font-semibold text-fg-muted uppercase">Show columns</legend>
                {hideable.map((column) => (
                  <label
                    key={column.id}
                    className="flex min-h-10 cursor-pointer items-center gap-3 rounded-xl px-2 text-sm
                      hover:bg-surface-2"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--brand-strong)]"
                      checked={column.getIsVisible()}
                      onChange={(event) => column.toggleVisibility(event.target.checked)}
                    />
                    {column.columnDef.meta?.label ?? column.id}
                  </label>
                ))}
              </fieldset>
            )}
          </PopoverDetails>
        ) : null}
      </div>

      {rows.length === 0 ? (
        props.empty
      ) : (
        <>
          <table className="hidden w-full text-sm tablet:table">
            <caption className="sr-only">{props.caption}</caption>
            <thead className="border-b border-border text-left text-xs text-fg-muted uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const { column } = header;
                    const meta = column.columnDef.meta;
                    const sorted = column.getCanSort() ? column.getIsSorted() : false;
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                        className={`px-3 py-2 font-semibold ${meta?.numeric ? "text-right" : ""} ${
                          meta?.actions ? "w-14" : ""
                        }`}
                      >
                        {meta?.actions ? (
                          <span className="sr-only">{meta.label}</span>
                        ) : column.getCanSort() ? (
                          <Link
                            to={props.sortHref({
                              id: column.id,
                              // A second press turns the order round; a new column starts its own way.
                              desc: sorted ? sorted === "asc" : column.getFirstSortDir() === "desc",
                            })}
                            className={`inline-flex min-h-8 items-center gap-1 rounded hover:text-fg ${
                              meta?.numeric ? "flex-row-reverse" : ""
                            } ${sorted ? "text-fg" : ""}`}
                          >
                            <table.FlexRender header={header} />
                            {sorted === "asc" ? (
                              <ArrowUp aria-hidden className="size-3.5" />
                            ) : sorted === "desc" ? (
                              <ArrowDown aria-hidden className="size-3.5" />
                            ) : (
                              <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />
                            )}
                          </Link>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.id} className="align-top hover:bg-surface-2/60">
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <td
                        key={cell.id}
                        className={`px-3 py-3 ${meta?.numeric ? "text-right tabular-nums" : ""} ${
                          meta?.primary ? "[overflow-wrap:anywhere]" : ""
                        }`}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="grid grid-cols-1 gap-3 tablet:hidden" aria-label={props.caption}>
            {rows.map((row) => {
              const cells = row.getVisibleCells();
              const primary = cells.find((c) => c.column.columnDef.meta?.primary);
              const actions = cells.find((c) => c.column.columnDef.meta?.actions);
              const rest = cells.filter((c) => c !== primary && c !== actions);
              return (
                <li key={row.id} className="card min-w-0 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                      {primary ? <table.FlexRender cell={primary} /> : null}
                    </div>
                    {actions ? <table.FlexRender cell={actions} /> : null}
                  </div>
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                    {rest.map((cell) => (
                      <div key={cell.id} className="min-w-0">
                        <dt className="text-xs text-fg-muted">{cell.column.columnDef.meta?.label}</dt>
                        <dd className="tabular-nums">
                          <table.FlexRender cell={cell} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Pagination page={page} pageCount={props.pageCount} hrefFor={props.pageHref} label={`${props.caption}: pages`} />
    </div>
  );
}

export interface ToolbarFilter {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
}

/**
 * Search, filters and (on phones, which have no column headers) sorting above a table: a GET form,
 * so the list's state lives in the address. Choosing a filter applies it at once with JavaScript;
 * without, the Search button applies everything. A change starts again from the first page.
 */
export function TableToolbar({
  search,
  filters,
  sort,
}: {
  search: { label: string; value: string; placeholder?: string };
  filters: ToolbarFilter[];
  /** The sort choices for phones; on wider screens the headers sort. */
  sort: ToolbarFilter;
}) {
  const submit = useSubmit();
  const select = (f: ToolbarFilter, className = "") => (
    <div key={f.name} className={`min-w-0 ${className}`}>
      <label htmlFor={`filter-${f.name}`} className="block text-xs font-semibold text-fg-muted">
        {f.label}
      </label>
      <select
        id={`filter-${f.name}`}
        name={f.name}
        defaultValue={f.value}
        key={f.value}
        onChange={(event) => void submit(event.currentTarget.form, { replace: true })}
        className="mt-1 h-10 w-full rounded-xl border border-border bg-surface px-3 text-sm"
      >
        {f.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form
      method="get"
      role="search"
      aria-label={search.label}
      className="grid grid-cols-2 items-end gap-3 tablet:flex tablet:flex-wrap"
    >
      <div className="col-span-2 min-w-0 tablet:w-72">
        <label htmlFor="table-search" className="block text-xs font-semibold text-fg-muted">
          {search.label}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="table-search"
            type="search"
            name="q"
            defaultValue={search.value}
            key={search.value}
            maxLength={100}
            placeholder={search.placeholder}
            className="h-10 min-w-0 flex-1 rounded-xl border border-border bg-surface px-3 text-sm"
          />
          <button type="submit" className="btn-secondary shrink-0">
            <Search aria-hidden className="size-4" /> Search
          </button>
        </div>
      </div>
      {filters.map((f) => select(f, "tablet:w-44"))}
      {select(sort, "tablet:hidden")}
    </Form>
  );
}
