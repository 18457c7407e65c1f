-- Run once by the postgres image when its data directory is empty (docker-compose.yml, and the
-- StatefulSet in k8s/base/postgres.yaml carries the same statements): one database per service (docs/decisions/0001-postgresql-instead-of-mongodb.md).
-- Each service creates its tables itself at start-up (migrations under an advisory lock).
CREATE DATABASE prd_identity;
CREATE DATABASE prd_content;
CREATE DATABASE prd_chat;
CREATE DATABASE prd_export;
