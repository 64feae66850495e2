-- A visit's status is one of the four (shared/queue/queue-states), so that the queue's closed visits can be read
-- as `status > 2`, a range the index checks (queue-lists.service.ts); every write already kept to the four.
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_status_ck" CHECK ("queue_entries"."status" BETWEEN 1 AND 4);