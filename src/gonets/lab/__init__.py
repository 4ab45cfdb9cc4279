"""The balance lab: sharded, resumable simulation runs stored as Parquet, read with DuckDB,
run locally or on Ray, and summarised in a static HTML report (docs/balance.md)."""
