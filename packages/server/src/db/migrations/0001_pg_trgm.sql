-- Trigram search (patient names); PGlite loads the module in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
