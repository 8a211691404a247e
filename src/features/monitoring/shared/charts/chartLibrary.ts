// The only module that imports the chart library's code; LazyChart.tsx loads it on demand. Named
// re-exports (not `import('@ant-design/charts')` whole) let the build leave out the charts nobody draws.
export { Area, Column, Line } from '@ant-design/charts';
