ALTER TABLE "system_components" ADD COLUMN "mac" text;--> statement-breakpoint
-- Hand-written: what the installations already made held moves to where it now lives before its table goes.
-- The EMS's MAC onto the EMS's component row.
UPDATE "system_components" AS c SET "mac" = i."ems_mac"
  FROM "system_installations" AS i
  WHERE c."system_id" = i."system_id" AND c."kind" = 'ems' AND i."ems_mac" <> '';--> statement-breakpoint
-- Each installation without a record of its own becomes the system's installation record (the installer in person:
-- the account's display name, else the user name kept).
INSERT INTO "installation_records" ("sys_sn", "installer_person", "installed_on", "commissioned_on", "created_by", "created_at", "updated_at")
  SELECT i."sys_sn", COALESCE(NULLIF(u."display_name", ''), i."installed_by"), i."commissioned_on"::date, i."commissioned_on"::date,
         i."installed_by", i."created_at", i."created_at"
  FROM "system_installations" AS i
  LEFT JOIN "users" AS u ON u."username" = i."installed_by"
  WHERE NOT EXISTS (SELECT 1 FROM "installation_records" AS r WHERE r."sys_sn" = i."sys_sn");--> statement-breakpoint
-- The site photos onto that record's photos field.
UPDATE "uploads" AS f SET "resource" = 'InstallationRecord', "record_id" = r."id"
  FROM "system_installations" AS i
  JOIN "installation_records" AS r ON r."sys_sn" = i."sys_sn"
  WHERE f."resource" = 'installNewSystem' AND f."field" = 'photos' AND f."record_id" = i."id";--> statement-breakpoint
-- Photos uploaded for a form not sent yet: its upload is now the installation record's.
UPDATE "uploads" SET "resource" = 'InstallationRecord' WHERE "resource" = 'installNewSystem' AND "record_id" IS NULL;--> statement-breakpoint
DROP TABLE "system_installations" CASCADE;
