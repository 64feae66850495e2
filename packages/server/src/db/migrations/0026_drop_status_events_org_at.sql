-- Read by nothing since the dashboard's mean wait reads the openings' index (migration 0025); every status change
-- wrote it (413 MB at the large clinic's 8,800,000 events).
DROP INDEX "queue_status_events_org_at_idx";