-- scru128--1.2--1.3.sql, put together by the Makefile from the parts in sql/1.3

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION scru128 UPDATE TO '1.3'" to load this file. \quit
