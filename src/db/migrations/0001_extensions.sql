-- Trigram similarity powers typo-tolerant search; it ships with PostgreSQL and with PGlite's contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
