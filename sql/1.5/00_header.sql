-- scru128--1.4--1.5.sql, put together by the Makefile from the parts in sql/1.5

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION scru128 UPDATE TO '1.5'" to load this file. \quit
