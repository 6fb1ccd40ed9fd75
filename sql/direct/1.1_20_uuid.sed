# 1.4 renames uuid_timestamp(uuid) (sql/1.4/40_uuid_timestamp_name.sql): a
# fresh install, or an update from 1.0, creates it under its new name, so
# that it never takes the name TimescaleDB's uuid_timestamp(uuid) has in
# the same schema
s/\<uuid_timestamp(uuid)/scru128_uuid_timestamp(uuid)/
