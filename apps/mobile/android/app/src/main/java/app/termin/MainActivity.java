package app.termin;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
