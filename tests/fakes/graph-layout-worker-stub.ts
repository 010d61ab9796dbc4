// Tests run without the bundled worker: the layout then runs on the main thread in budgeted slices.
export default "";
