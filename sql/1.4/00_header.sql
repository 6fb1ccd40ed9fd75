-- scru128--1.3--1.4.sql, put together by the Makefile from the parts in sql/1.4

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION scru128 UPDATE TO '1.4'" to load this file. \quit
