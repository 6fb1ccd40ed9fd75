-- Tables for test/vectors in the schema sqled_vec; test/suites/sqledition.sh
-- fills them with COPY (whose text format reads the files' \x20 and \t
-- escapes) from the files without their comment lines.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS sqled_vec CASCADE;
CREATE SCHEMA sqled_vec;
CREATE TABLE sqled_vec.scru128_vectors (text text, timestamp_ms bigint, counter_hi int, counter_lo int, entropy bigint, hex text, canonical text, source text, derived text);
CREATE TABLE sqled_vec.scru128_invalid (text_escaped text, utf8_hex text, utf8_bytes int, js_utf16_len int, expected_error text, source text);
CREATE TABLE sqled_vec.scru64_vectors (text text, integer_dec bigint, num_hex text, "timestamp" bigint, unix_ms_floor bigint, node_ctr int, source text, derived text);
CREATE TABLE sqled_vec.scru64_invalid (kind text, input_escaped text, hex text, expected text, source text);
CREATE TABLE sqled_vec.scru64_node_specs (node_spec text, canonical text, spec_type text, node_id bigint, node_id_size int, node_prev_hex text, node_prev_text text, source text);
CREATE TABLE sqled_vec.scru64_node_specs_invalid (node_spec_escaped text, source text);
CREATE TABLE sqled_vec.scru160_vectors (base32hex text, hex text, timestamp_ms bigint, counter int, random16 int, random80 numeric, timestamp_utc text, source text, derived text);
CREATE TABLE sqled_vec.ulid_spec (kind text, text text, canonical text, uuid text, timestamp_ms text, error text, source text);
CREATE TABLE sqled_vec.uuid_rfc9562 (section text, version int, as_printed text, u uuid, hex text, unix_ms text, fields text);
-- test/vectors/typeid: the spec's YAML as (key, value) lines in file order
-- ("- name: X" starts a case; sqledition.sh reads them with sed), and
-- invalid_errors.tsv
CREATE TABLE sqled_vec.typeid_yml_lines (file text, n serial, key text, value text);
CREATE TABLE sqled_vec.typeid_invalid_errors (name text, error text);
