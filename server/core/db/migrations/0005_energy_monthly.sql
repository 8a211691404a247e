CREATE TABLE "energy_monthly" (
	"system_id" integer NOT NULL,
	"month" date NOT NULL,
	"pv_kwh" double precision NOT NULL,
	"load_kwh" double precision NOT NULL,
	"charge_kwh" double precision NOT NULL,
	"discharge_kwh" double precision NOT NULL,
	"import_kwh" double precision NOT NULL,
	"export_kwh" double precision NOT NULL,
	"self_consumption_kwh" double precision NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "energy_monthly_system_id_month_pk" PRIMARY KEY("system_id","month")
);
--> statement-breakpoint
ALTER TABLE "energy_monthly" ADD CONSTRAINT "energy_monthly_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Months of the days already rolled up (rollups.ts keeps both from here on).
INSERT INTO "energy_monthly" ("system_id", "month", "pv_kwh", "load_kwh", "charge_kwh", "discharge_kwh", "import_kwh", "export_kwh", "self_consumption_kwh", "samples")
SELECT "system_id", date_trunc('month', "day"::timestamp)::date, sum("pv_kwh"), sum("load_kwh"), sum("charge_kwh"), sum("discharge_kwh"),
       sum("import_kwh"), sum("export_kwh"), sum("self_consumption_kwh"), sum("samples")::int
  FROM "energy_daily" GROUP BY 1, 2;
