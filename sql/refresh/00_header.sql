-- scru128--V--V-refresh.sql and scru128--V-refresh--V.sql (V = 1.2, 1.3, 1.4),
-- put together by the Makefile from the parts of sql/1.2 that can run again:
-- they bring the catalog of an installed release V to what a fresh install
-- on this server gives (after pg_upgrade to a newer major, for instance).
-- Run
--   ALTER EXTENSION scru128 UPDATE TO 'V-refresh'; ALTER EXTENSION scru128 UPDATE;

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION scru128 UPDATE TO '<installed version>-refresh'" to load this file. \quit
