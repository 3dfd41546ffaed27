-- The sales list's two sorts that no index served (bench/README.md, "sales-list"): proposed for the schema
-- (server/db/schema/sales.ts, beside payment_requests_list_idx), tried here with
-- `npm run bench -- sales --sql=bench/sales-indexes.sql` before a migration.
create index payment_requests_buyer_idx on payment_requests (project_id, archived, status, (buyer_name collate "und-x-icu"));
create index payment_requests_total_idx on payment_requests (project_id, archived, status, total_cents);
