-- scru128--1.2--1.2-refresh.sql and scru128--1.2-refresh--1.2.sql, put
-- together by the Makefile from the parts of sql/1.2 that can run again:
-- they bring the catalog of an installed 1.2 to what a fresh install on this
-- server gives (after pg_upgrade to a newer major, for instance).  Run
--   ALTER EXTENSION scru128 UPDATE TO '1.2-refresh'; ALTER EXTENSION scru128 UPDATE;

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION scru128 UPDATE TO '1.2-refresh'" to load this file. \quit
