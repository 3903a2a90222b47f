-- placeholder: replaced by the module's own tables
SELECT 1;
