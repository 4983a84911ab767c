-- reserved: filled by the third probe fixes
SELECT 1;
